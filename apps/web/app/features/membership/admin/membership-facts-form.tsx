import { AFFILIATE_SECTIONS, ITALIAN_REGIONS, type AdminMembership } from '@sodalis/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useRecordContext } from 'react-admin';
import { adminPath } from '../../admin/data-provider';
import { useStaffCall } from '../../admin/staff-call';

type Facts = Record<
  | 'firstName'
  | 'lastName'
  | 'memberNumber'
  | 'codiceFiscale'
  | 'kind'
  | 'section'
  | 'sinceYear'
  | 'region'
  | 'qualification'
  | 'workplace'
  | 'centre'
  | 'registerNumber',
  string
>;

function factsOf(record: AdminMembership): Facts {
  return {
    firstName: record.firstName,
    lastName: record.lastName,
    memberNumber: record.memberNumber ?? '',
    codiceFiscale: record.codiceFiscale ?? '',
    kind: record.kind,
    section: record.section ?? '',
    sinceYear: String(record.sinceYear),
    region: record.region ?? '',
    qualification: record.qualification ?? '',
    workplace: record.workplace ?? '',
    centre: record.centre ?? '',
    registerNumber: record.registerNumber ?? '',
  };
}

const TEXT_FIELDS: { name: keyof Facts; label: string; maxLength: number }[] = [
  { name: 'firstName', label: 'Nome', maxLength: 100 },
  { name: 'lastName', label: 'Cognome', maxLength: 100 },
  { name: 'memberNumber', label: 'Numero di socio', maxLength: 30 },
  { name: 'codiceFiscale', label: 'Codice fiscale', maxLength: 16 },
  { name: 'qualification', label: 'Qualifica', maxLength: 200 },
  { name: 'workplace', label: 'Sede di lavoro', maxLength: 200 },
  { name: 'centre', label: 'Servizio o centro', maxLength: 200 },
  { name: 'registerNumber', label: 'Iscrizione all’albo', maxLength: 60 },
];

/**
 * Every fact of a member's position, corrected by the secretariat (ADR 042): the server checks
 * the number's and the codice fiscale's uniqueness, the check character and the first year, and
 * answers in Italian what is wrong.
 */
export function MembershipFactsForm() {
  const record = useRecordContext<AdminMembership>();
  if (!record) return null;
  // A record read again (after a save) starts the form afresh from what the server keeps.
  return <FactsEditor key={JSON.stringify(factsOf(record))} record={record} />;
}

function FactsEditor({ record }: { record: AdminMembership }) {
  const { saving, call } = useStaffCall();
  const [facts, setFacts] = useState<Facts>(() => factsOf(record));
  const id = useId();
  const set = (name: keyof Facts) => (value: string) => setFacts({ ...facts, [name]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void call<AdminMembership>(
      adminPath('soci', record.id),
      {
        method: 'PUT',
        body: {
          ...facts,
          section: facts.kind === 'Affiliato' && facts.section !== '' ? facts.section : null,
        },
      },
      (saved) => `Dati di ${saved.firstName} ${saved.lastName} salvati.`,
    );
  };
  return (
    <form className="mt-3" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h6">
        Dati del socio
      </h2>
      <div className="row g-2">
        {TEXT_FIELDS.map((field) => (
          <label key={field.name} className="col-sm-6 col-lg-4">
            {field.label}
            <input
              className="form-control"
              name={field.name}
              value={facts[field.name]}
              maxLength={field.maxLength}
              required={field.name === 'firstName' || field.name === 'lastName'}
              onChange={(event) => set(field.name)(event.target.value)}
            />
          </label>
        ))}
        <label className="col-sm-6 col-lg-4">
          Tipo
          <select
            className="form-select"
            name="kind"
            value={facts.kind}
            onChange={(event) => set('kind')(event.target.value)}
          >
            <option value="Socio">Socio</option>
            <option value="Affiliato">Affiliato</option>
          </select>
        </label>
        {facts.kind === 'Affiliato' ? (
          <label className="col-sm-6 col-lg-4">
            Sezione
            <select
              className="form-select"
              name="section"
              value={facts.section}
              onChange={(event) => set('section')(event.target.value)}
            >
              <option value="">—</option>
              {Object.entries(AFFILIATE_SECTIONS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="col-sm-6 col-lg-4">
          Primo anno dovuto
          <input
            className="form-control"
            name="sinceYear"
            type="number"
            min={1900}
            max={2099}
            required
            value={facts.sinceYear}
            onChange={(event) => set('sinceYear')(event.target.value)}
          />
        </label>
        <label className="col-sm-6 col-lg-4">
          Regione
          <select
            className="form-select"
            name="region"
            value={facts.region}
            onChange={(event) => set('region')(event.target.value)}
          >
            <option value="">—</option>
            {ITALIAN_REGIONS.map((region) => (
              <option key={region} value={region}>
                {region}
              </option>
            ))}
          </select>
        </label>
      </div>
      <button className="btn btn-primary mt-2" type="submit" disabled={saving}>
        Salva i dati del socio
      </button>
    </form>
  );
}
