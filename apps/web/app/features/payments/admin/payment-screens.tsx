import {
  AdminFeeYearInputSchema,
  FEE_ACCESSES,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type AdminFeeInput,
  type AdminFeeYearInput,
  type AdminPayment,
  italianDate,
  romeYear,
} from '@sodalis/contracts';
import { useState } from 'react';
import {
  BooleanField,
  Button,
  Confirm,
  BooleanInput,
  Create,
  Datagrid,
  FunctionField,
  List,
  NumberInput,
  ReferenceInput,
  required,
  SaveButton,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  Toolbar,
  TopToolbar,
  CreateButton,
  useNotify,
  useRecordContext,
  Labeled,
} from 'react-admin';
import { errorText } from '../../admin/error-text';
import { adminJson, adminPath, downloadExport } from '../../admin/data-provider';
import { StaffEdit } from '../../admin/staff-edit';
import {
  RecordHistory,
  RestoredVersionProvider,
  RestoredVersionReset,
} from '../../admin/record-history';
import { DateTimeField } from '../../admin/date-time-field';
import { FilterExportActions } from '../../admin/export-button';
import { choiceName, yearChoices } from '../../admin/format';
import { StaffForm } from '../../admin/staff-form';
import { schemaRules } from '../../admin/form-rules';
import { EmptyList } from '../../admin/empty-list';
import { FlaggedPaymentDecision } from './flagged-decision';

/**
 * Fee payments and fees (ADR 012, ADR 013). The ledger is read-only: a payment's state comes
 * from PayPal. Fees are edited and retired, never deleted.
 */

const STATUS_CHOICES = PAYMENT_STATUSES.map((id) => ({ id, name: PAYMENT_STATUS_LABELS[id] }));
const ACCESS_CHOICES = FEE_ACCESSES.map((id) => ({ id, name: id }));
const YEAR_CHOICES = yearChoices(1);

const euro = (amount: unknown) =>
  typeof amount === 'string' ? `€ ${amount.replace('.', ',')}` : '—';

const paymentFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Nome, e-mail o ordine PayPal" />,
  <SelectInput key="status" source="status" label="Stato" choices={STATUS_CHOICES} alwaysOn />,
  <SelectInput key="year" source="year" label="Anno della quota" choices={YEAR_CHOICES} alwaysOn />,
  <SelectInput key="feeAccess" source="feeAccess" label="Tipo" choices={ACCESS_CHOICES} />,
  <ReferenceInput key="feeId" source="feeId" reference="quote" perPage={100}>
    <SelectInput label="Quota" optionText="title" />
  </ReferenceInput>,
];

export function PaymentList() {
  return (
    <List
      title="Pagamenti delle quote"
      filters={paymentFilters}
      // A ledger keeps its filters and export even when nothing matches.
      empty={false}
      actions={<FilterExportActions resource="pagamenti" fileName="pagamenti.csv" />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        {/* When the money came in and when it was typed (ADR 029, 2026-11-27). */}
        <FunctionField
          label="Incassato il"
          sortable={false}
          render={(record) => italianDate(record.receivedOn) || '—'}
        />
        <DateTimeField source="createdAt" label="Registrato il" />
        <TextField source="accountName" label="Nominativo" />
        {/* Dues years, a registration, or both (ADR 045, 049): what its items say. */}
        <TextField source="paidFor" label="Pagamento di" sortable={false} />
        <FunctionField
          label="Importo"
          sortable={false}
          render={(record) => euro(record.paidAmount ?? record.expectedAmount)}
        />
        <FunctionField
          source="status"
          label="Stato"
          render={(record) => choiceName(STATUS_CHOICES, record.status)}
        />
        <TextField source="receipt" label="Ricevuta" sortable={false} emptyText="—" />
      </Datagrid>
    </List>
  );
}

/** Sends a verified payment's receipt again (the payer lost it), after a confirmation. */
function ResendReceiptButton() {
  const payment = useRecordContext<AdminPayment>();
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  if (!payment || payment.status !== 'verified' || payment.receipt === null) return null;
  const send = () => {
    setAsking(false);
    setSending(true);
    adminJson<{ sentTo: string }>(`${adminPath('pagamenti', payment.id)}/ResendReceipt`, {
      method: 'POST',
    })
      .then(({ sentTo }) => notify(`Ricevuta inviata di nuovo a ${sentTo}.`, { type: 'success' }))
      .catch((error: unknown) => notify(errorText(error, 'Invio non riuscito.'), { type: 'error' }))
      .finally(() => setSending(false));
  };
  return (
    <>
      <Button
        label="Invia di nuovo la ricevuta"
        disabled={sending}
        onClick={() => setAsking(true)}
      />
      <Confirm
        isOpen={asking}
        title={`Inviare di nuovo la ricevuta n. ${payment.receipt}?`}
        content="La ricevuta parte per e-mail all’indirizzo dell’account che ha pagato o, se il pagamento è stato fatto senza accesso, all’e-mail del pagante su PayPal."
        confirm="Invia"
        cancel="Annulla"
        onConfirm={send}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

/** "Scarica la ricevuta": the receipt's PDF as issued (ADR 030), through the staff session. */
function DownloadReceiptButton() {
  const payment = useRecordContext<AdminPayment>();
  const notify = useNotify();
  if (!payment || payment.receipt === null) return null;
  return (
    <Button
      label="Scarica la ricevuta"
      onClick={() => {
        downloadExport(`${adminPath('pagamenti', payment.id)}/Receipt`, 'ricevuta.pdf').catch(
          (error: unknown) =>
            notify(errorText(error, 'Ricevuta non disponibile.'), {
              type: 'error',
            }),
        );
      }}
    />
  );
}

/**
 * The payer's PayPal e-mail, only for a payment made through PayPal: a transfer or cash has
 * none, and its method is said by "Pagato con".
 */
function PayPalPayerField(_props: { label: false }) {
  const payment = useRecordContext<AdminPayment>();
  if (!payment?.paidWithPayPal) return null;
  return (
    <Labeled label="E-mail PayPal">
      <TextField source="payerEmail" emptyText="—" />
    </Labeled>
  );
}

export function PaymentShow() {
  return (
    <Show
      title="Pagamento"
      actions={
        <TopToolbar>
          <DownloadReceiptButton />
          <ResendReceiptButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="accountName" label="Nominativo" />
        <TextField source="memberEmail" label="Account che ha pagato" emptyText="—" />
        <TextField source="paidFor" label="Pagamento di" />
        <TextField source="feeTitle" label="Quota" emptyText="—" />
        <TextField source="feeAccess" label="Tipo" emptyText="—" />
        <FunctionField label="Importo dovuto" render={(record) => euro(record.expectedAmount)} />
        <FunctionField label="Importo pagato" render={(record) => euro(record.paidAmount)} />
        <FunctionField
          label="Stato"
          render={(record) => choiceName(STATUS_CHOICES, record.status)}
        />
        <TextField source="flagReason" label="Motivo" emptyText="—" />
        <TextField source="methodText" label="Pagato con" />
        <PayPalPayerField label={false} />
        <TextField source="receipt" label="Ricevuta" emptyText="—" />
        <FunctionField
          label="Incassato il"
          render={(record) => italianDate(record.receivedOn) || '—'}
        />
        <DateTimeField source="createdAt" label="Registrato il" sortable={false} />
        <DateTimeField source="verifiedAt" label="Verificato il" sortable={false} />
        <FlaggedPaymentDecision />
      </SimpleShowLayout>
    </Show>
  );
}

/** The form's record as the API's body. */
export async function feeBody(data: Record<string, unknown>): Promise<AdminFeeInput> {
  return {
    title: String(data.title ?? ''),
    amount: String(data.amount ?? ''),
    access: String(data.access ?? '') as AdminFeeInput['access'],
    sortOrder: Number(data.sortOrder ?? 0),
    active: data.active !== false,
  };
}

export function FeeList() {
  return (
    <List
      title="Quote associative"
      pagination={false}
      perPage={200}
      exporter={false}
      actions={
        <TopToolbar>
          <CreateButton label="Nuova quota" />
        </TopToolbar>
      }
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="title" label="Quota" sortable={false} />
        <FunctionField label="Importo" sortable={false} render={(record) => euro(record.amount)} />
        <TextField source="access" label="Tipo" sortable={false} />
        <BooleanField source="active" label="Offerta sul sito" sortable={false} />
        <FunctionField
          label="Ultima modifica"
          sortable={false}
          render={(record) => italianDate(record.updatedAt)}
        />
      </Datagrid>
    </List>
  );
}

const FEE_DEFAULTS = () => ({ access: 'Socio', sortOrder: 0, active: true });

function FeeForm({ defaultValues }: { defaultValues?: () => Record<string, unknown> }) {
  return (
    <StaffForm
      {...(defaultValues ? { defaultValues } : {})}
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <RestoredVersionReset />
      <TextInput source="title" label="Nome della quota" validate={required()} fullWidth />
      <TextInput
        source="amount"
        label="Importo in euro"
        validate={required()}
        helperText="Per esempio 80 oppure 80,50."
      />
      <SelectInput source="access" label="Tipo" choices={ACCESS_CHOICES} validate={required()} />
      <NumberInput source="sortOrder" label="Ordine nell'elenco" min={0} max={999} step={1} />
      <BooleanInput
        source="active"
        label="Offerta sul sito"
        helperText="Togli la spunta per non offrirla più: i pagamenti già fatti restano."
      />
    </StaffForm>
  );
}

/**
 * A fee's edit with its history beside (ADR 031): no delete, payments point at it; a rollback
 * that would change the amount of a fee already paid is refused by the server (ADR 029).
 */
export function FeeEdit() {
  return (
    <RestoredVersionProvider>
      <StaffEdit
        title="Modifica quota"
        actions={false}
        aside={
          <RecordHistory
            testId="record-history"
            undone="la quota è tornata alla versione precedente."
          />
        }
      >
        <FeeForm />
      </StaffEdit>
    </RestoredVersionProvider>
  );
}

export function FeeCreate() {
  return (
    <Create title="Nuova quota" redirect="list">
      <FeeForm defaultValues={FEE_DEFAULTS} />
    </Create>
  );
}

/** The form's record as the API's body of a year's fee. */
export async function feeYearBody(data: Record<string, unknown>): Promise<AdminFeeYearInput> {
  return feeYearFields(data);
}

function feeYearFields(data: Record<string, unknown>): AdminFeeYearInput {
  return {
    year: Number(data.year ?? Number.NaN),
    access: String(data.access ?? '') as AdminFeeYearInput['access'],
    amount: String(data.amount ?? ''),
  };
}

const feeYearRules = schemaRules(AdminFeeYearInputSchema, feeYearFields);

/** The fee of each year and kind (ADR 029): what arrears of that year cost. */
export function FeeYearList() {
  return (
    <List
      title="Quote per anno"
      pagination={false}
      perPage={200}
      exporter={false}
      // The toolbar's "create" stays on an empty list: the years are added here.
      empty={false}
      actions={
        <TopToolbar>
          <CreateButton label="Nuova quota dell’anno" />
        </TopToolbar>
      }
    >
      <Datagrid
        rowClick="edit"
        bulkActionButtons={false}
        empty={
          <EmptyList text="Nessuna quota per anno: ogni anno costa la quota associativa attiva." />
        }
      >
        <TextField source="year" label="Anno" sortable={false} />
        <TextField source="access" label="Tipo" sortable={false} />
        <FunctionField label="Importo" sortable={false} render={(record) => euro(record.amount)} />
        <FunctionField
          label="Ultima modifica"
          sortable={false}
          render={(record) => italianDate(record.updatedAt)}
        />
      </Datagrid>
    </List>
  );
}

function FeeYearForm({ defaultValues }: { defaultValues?: () => Record<string, unknown> }) {
  return (
    <StaffForm
      {...(defaultValues ? { defaultValues } : {})}
      validate={feeYearRules}
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <RestoredVersionReset />
      {/* No min/max: the browser would stop the form before the schema's Italian message. */}
      <NumberInput source="year" label="Anno" step={1} />
      <SelectInput source="access" label="Tipo" choices={ACCESS_CHOICES} />
      <TextInput
        source="amount"
        label="Importo in euro"
        helperText="Quanto costa la quota di quell’anno, anche per chi la paga in ritardo. Per esempio 80 oppure 80,50."
      />
    </StaffForm>
  );
}

/** A year's fee's edit with its history beside (ADR 031), as the fees have it. */
export function FeeYearEdit() {
  return (
    <RestoredVersionProvider>
      <StaffEdit
        title="Modifica quota dell’anno"
        actions={false}
        aside={
          <RecordHistory
            testId="record-history"
            undone="la quota dell’anno è tornata alla versione precedente."
          />
        }
      >
        <FeeYearForm />
      </StaffEdit>
    </RestoredVersionProvider>
  );
}

export function FeeYearCreate() {
  return (
    <Create title="Nuova quota dell’anno" redirect="list">
      <FeeYearForm
        defaultValues={() => ({
          year: romeYear(),
          access: 'Socio',
        })}
      />
    </Create>
  );
}
