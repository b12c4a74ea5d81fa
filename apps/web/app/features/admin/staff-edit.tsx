import { Edit, useNotify, type EditProps } from 'react-admin';
import { conflictOf } from './edit-conflict-state';
import { errorText } from './error-text';

/**
 * A staff edit screen: saving waits for the server's answer (its Italian errors stay on the
 * form, ADR 013) and then goes back to the list. A save refused as stale is shown in the form
 * itself, with what changed and the ways on (ADR 041), not in a passing notice.
 */
export function StaffEdit(props: EditProps) {
  const notify = useNotify();
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="list"
      mutationOptions={{
        onError: (error: unknown) => {
          if (conflictOf(error) !== null) return;
          notify(errorText(error, 'Salvataggio non riuscito.'), { type: 'error' });
        },
      }}
      {...props}
    />
  );
}
