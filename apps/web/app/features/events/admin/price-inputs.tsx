import {
  REGISTRATION_ELIGIBILITIES,
  REGISTRATION_MEMBER_ROLES,
  type RegistrationEligibility,
} from '@sodalis/contracts';
import {
  AddItemButton,
  ArrayInput,
  BooleanInput,
  CheckboxGroupInput,
  FormDataConsumer,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  required,
} from 'react-admin';
import type { ReactNode } from 'react';

/** Who may choose a type, as the form offers it (ADR 048). */
const ELIGIBILITY_CHOICES = REGISTRATION_ELIGIBILITIES.map((id) => ({
  id,
  name: (
    {
      tutti: 'Tutti',
      'iscritti-in-regola': 'Iscritti in regola con la quota',
      codice: 'Chi ha il codice della segreteria',
    } satisfies Record<RegistrationEligibility, string>
  )[id],
}));
const ROLE_CHOICES = REGISTRATION_MEMBER_ROLES.map((id) => ({
  id,
  name: id === 'socio' ? 'Soci' : 'Affiliati',
}));

/** Cents in the API, euros in the form: "150" or "150,50" shows and saves as whole cents. */
const euroProps = {
  min: 0,
  step: 0.01,
  format: (cents: unknown) =>
    cents === null || cents === undefined || cents === '' ? '' : Number(cents) / 100,
  parse: (euros: unknown) =>
    euros === null || euros === undefined || euros === ''
      ? null
      : Math.round(Number(String(euros).replace(',', '.')) * 100),
};

/** Inputs side by side, wrapping on a narrow screen. */
export function FieldRow({ children }: { children: ReactNode }) {
  return <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>{children}</div>;
}

/**
 * The event's price windows, registration types and add-ons (ADR 048): a type's early-bird
 * and on-site prices fall back to the standard one when left empty.
 */
export function PriceInputs() {
  return (
    <>
      <FieldRow>
        <TextInput
          source="earlyBirdUntil"
          label="Fine early bird (ora di Roma)"
          type="datetime-local"
          helperText="Fino a questo momento valgono le quote early bird."
        />
        <TextInput
          source="onsiteFrom"
          label="Inizio quote in sede (ora di Roma)"
          type="datetime-local"
          helperText="Da questo momento valgono le quote in sede."
        />
      </FieldRow>
      {/* Each list a named group with its own "Aggiungi …": two lists of one form are told
          apart by a screen reader too. */}
      <div role="group" aria-label="Tipi di iscrizione e quote">
        <ArrayInput source="registrationTypes" label="Tipi di iscrizione e quote">
          <SimpleFormIterator
            inline
            addButton={<AddItemButton label="Aggiungi un tipo di iscrizione" />}
          >
            <TextInput source="name" label="Nome del tipo" validate={required()} />
            <TextInput source="description" label="Descrizione" />
            <SelectInput
              source="eligibility"
              label="Chi può sceglierlo"
              choices={ELIGIBILITY_CHOICES}
              defaultValue="tutti"
              validate={required()}
            />
            <FormDataConsumer>
              {({ scopedFormData }) => {
                const eligibility = (scopedFormData as { eligibility?: string } | undefined)
                  ?.eligibility;
                if (eligibility === 'iscritti-in-regola')
                  return (
                    <CheckboxGroupInput
                      source="memberRoles"
                      label="Riservato a"
                      choices={ROLE_CHOICES}
                    />
                  );
                if (eligibility === 'codice')
                  return <TextInput source="accessCode" label="Codice di accesso" />;
                return null;
              }}
            </FormDataConsumer>
            <NumberInput source="earlyCents" label="Quota early bird (€)" {...euroProps} />
            <NumberInput
              source="standardCents"
              label="Quota standard (€)"
              validate={required()}
              {...euroProps}
            />
            <NumberInput source="onsiteCents" label="Quota in sede (€)" {...euroProps} />
            <NumberInput source="places" label="Posti del tipo" min={1} step={1} />
            <BooleanInput
              source="requiresApproval"
              label="Iscrizione soggetta ad approvazione"
              helperText="Ogni iscrizione di questo tipo attende la decisione della segreteria."
            />
          </SimpleFormIterator>
        </ArrayInput>
      </div>
      <div role="group" aria-label="Servizi aggiuntivi">
        <ArrayInput source="addons" label="Servizi aggiuntivi (workshop, cena sociale…)">
          <SimpleFormIterator inline addButton={<AddItemButton label="Aggiungi un servizio" />}>
            <TextInput source="name" label="Nome del servizio" validate={required()} />
            <TextInput source="description" label="Descrizione" />
            <NumberInput
              source="priceCents"
              label="Prezzo (€)"
              validate={required()}
              {...euroProps}
            />
            <NumberInput source="places" label="Posti" min={1} step={1} />
          </SimpleFormIterator>
        </ArrayInput>
      </div>
    </>
  );
}
