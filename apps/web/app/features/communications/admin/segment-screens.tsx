import type { SavedSegment } from '@sodalis/contracts';
import {
  Create,
  Datagrid,
  FunctionField,
  List,
  required,
  TextField,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { useNavigate } from 'react-router';
import { DateTimeField } from '../../admin/date-time-field';
import { EmptyList } from '../../admin/empty-list';
import { SaveDeleteToolbar } from '../../admin/save-delete-toolbar';
import { StaffEdit } from '../../admin/staff-edit';
import { StaffForm } from '../../admin/staff-form';
import { useStaffCall } from '../../admin/staff-call';
import { EMPTY_DEFINITION, SegmentBuilderInput } from './segment-builder';

/**
 * The secretariat's saved segments (ADR 062): a definition with a name, never a list of people;
 * who is in it is computed whenever it is shown or used.
 */

/** What a save sends: the segment's words and definition, nothing of the screen around it. */
export async function segmentBody(data: Record<string, unknown>): Promise<Record<string, unknown>> {
  return { name: data.name, description: data.description ?? '', definition: data.definition };
}

function DuplicateButton() {
  const record = useRecordContext<SavedSegment>();
  const navigate = useNavigate();
  const { saving, call } = useStaffCall();
  if (record === undefined) return null;
  return (
    <button
      type="button"
      className="btn btn-link btn-sm"
      disabled={saving}
      onClick={(event) => {
        event.stopPropagation();
        void call<SavedSegment>(
          `/api/v1/Admin/CommunicationSegments/${record.id}/Duplicate`,
          { method: 'POST' },
          (copy) => {
            void navigate(`/amministrazione/segmenti/${copy.id}`);
            return `Creato «${copy.name}»`;
          },
        );
      }}
    >
      Duplica «{record.name}»
    </button>
  );
}

export function SegmentList() {
  return (
    <List
      title="Segmenti dei destinatari"
      pagination={false}
      perPage={100}
      exporter={false}
      empty={<EmptyList text="Nessun segmento salvato." />}
    >
      <p className="px-3 pt-3 mb-0">
        Un segmento è una regola: chi ne fa parte è calcolato al momento, dai dati dei soci.
      </p>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" label="Nome" sortable={false} />
        <TextField source="description" label="Descrizione" sortable={false} />
        <TextField source="updatedBy" label="Modificato da" sortable={false} />
        <DateTimeField source="updatedAt" label="Ultima modifica" sortable={false} />
        <FunctionField label="Azioni" render={() => <DuplicateButton />} />
      </Datagrid>
    </List>
  );
}

function SegmentFields() {
  return (
    <>
      <TextInput source="name" label="Nome" validate={required()} fullWidth />
      <TextInput source="description" label="Descrizione" multiline fullWidth />
      <SegmentBuilderInput />
    </>
  );
}

export function SegmentCreate() {
  return (
    <Create title="Nuovo segmento" redirect="list">
      <StaffForm
        defaultValues={{ name: '', description: '', definition: EMPTY_DEFINITION }}
        toolbar={<SaveDeleteToolbar withDelete={false} />}
      >
        <SegmentFields />
      </StaffForm>
    </Create>
  );
}

export function SegmentEdit() {
  return (
    <StaffEdit title="Segmento">
      <StaffForm
        toolbar={
          <SaveDeleteToolbar
            confirm={{
              title: 'Eliminare il segmento?',
              content: 'Si elimina la regola; nessun dato dei soci cambia.',
            }}
          />
        }
      >
        <SegmentFields />
      </StaffForm>
    </StaffEdit>
  );
}
