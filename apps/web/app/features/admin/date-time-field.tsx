import { italianDate, italianDateTime } from '@sodalis/contracts';
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

/**
 * A day (`YYYY-MM-DD`) as `dd/MM/yyyy`, "—" where there is none (applications and
 * bank rows showed 2026-11-27). Read by the Datagrid as `DateTimeField` is.
 */
export function DayField({ source, label }: { source: string; label: string; sortable?: boolean }) {
  return (
    <FunctionField
      source={source}
      label={label}
      render={(record: Record<string, unknown>) => italianDate(record[source]) || '—'}
    />
  );
}
