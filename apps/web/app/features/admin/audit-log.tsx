import { italianDateTime } from '@sodalis/contracts';
import type { AdminAuditEntry } from '@sodalis/contracts';
import {
  Datagrid,
  DateInput,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { FilterExportActions } from './export-button';
import { choiceName, ENTITY_CHOICES } from './format';

const auditFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Cerca nella descrizione" />,
  <SelectInput key="entity" source="entity" label="Elemento" choices={ENTITY_CHOICES} alwaysOn />,
  <TextInput key="actor" source="actor" label="Chi (e-mail)" />,
  <DateInput key="from" source="from" label="Dal" />,
  <DateInput key="to" source="to" label="Al" />,
];

function display(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'sì' : 'no';
  if (Array.isArray(value))
    return (
      value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(', ') ||
      '—'
    );
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Before and after of one entry, field by field. */
function ChangesPanel() {
  const entry = useRecordContext<AdminAuditEntry>();
  if (!entry) return null;
  const fields = [
    ...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]),
  ];
  if (fields.length === 0) return <p className="admin-audit-empty">Nessun valore registrato.</p>;
  return (
    <table className="admin-audit-changes">
      <caption>Valori prima e dopo</caption>
      <thead>
        <tr>
          <th scope="col">Campo</th>
          <th scope="col">Prima</th>
          <th scope="col">Dopo</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={field}>
            <th scope="row">{field}</th>
            <td>{entry.before === null ? '—' : display(entry.before[field])}</td>
            <td>{entry.after === null ? '—' : display(entry.after[field])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function AuditLogList() {
  return (
    <List
      title="Registro delle attività"
      filters={auditFilters}
      actions={<FilterExportActions resource="registro" fileName="registro.csv" />}
      sort={{ field: 'at', order: 'DESC' }}
      perPage={50}
      exporter={false}
    >
      <Datagrid bulkActionButtons={false} expand={<ChangesPanel />} rowClick="expand">
        <FunctionField source="at" label="Quando" render={(entry) => italianDateTime(entry.at)} />
        <TextField source="actorEmail" label="Chi" sortable={false} />
        <TextField source="action" label="Azione" sortable={false} />
        <FunctionField
          label="Elemento"
          sortable={false}
          render={(entry) => choiceName(ENTITY_CHOICES, entry.entity)}
        />
        <TextField source="summary" label="Descrizione" sortable={false} />
      </Datagrid>
    </List>
  );
}
