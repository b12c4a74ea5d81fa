import { Edit, type EditProps } from 'react-admin';

/**
 * A staff edit screen: saving waits for the server's answer (its Italian errors stay on the
 * form, ADR 013) and then goes back to the list.
 */
export function StaffEdit(props: EditProps) {
  return <Edit mutationMode="pessimistic" redirect="list" {...props} />;
}
