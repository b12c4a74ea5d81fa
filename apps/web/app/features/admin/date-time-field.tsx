import { italianDateTime } from '@sodalis/contracts';
import { FunctionField } from 'react-admin';

/**
 * A list column with a date and time in Rome's time, "—" where there is none. The Datagrid
 * reads `source`, `label` and `sortable` from this element for its header, as for its own fields.
 */
export function DateTimeField({
  source,
  label,
}: {
  source: string;
  label: string;
  sortable?: boolean;
}) {
  return (
    <FunctionField
      source={source}
      label={label}
      render={(record: Record<string, unknown>) => italianDateTime(record[source]) || '—'}
    />
  );
}
