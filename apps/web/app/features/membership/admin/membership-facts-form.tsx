import {
  AFFILIATE_SECTIONS,
  ITALIAN_REGIONS,
  type AdminMembership,
  type EditConflict,
} from '@sodalis/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useRecordContext, useRefresh } from 'react-admin';
import { adminPath } from '../../admin/data-provider';
import { changeLine } from '../../admin/edit-conflict';
import { conflictOf } from '../../admin/edit-conflict-state';
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
  return (
    <FactsEditor key={`${record.version}:${JSON.stringify(factsOf(record))}`} record={record} />
  );
}

function FactsEditor({ record }: { record: AdminMembership }) {
  const { saving, call } = useStaffCall();
  const refresh = useRefresh();
  const [facts, setFacts] = useState<Facts>(() => factsOf(record));
  // A save refused because someone saved the position since it was read (ADR 041): what is
  // typed stays, and the person reloads or saves over the newer version.
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const id = useId();
  const set = (name: keyof Facts) => (value: string) => setFacts({ ...facts, [name]: value });
  const save = (version: number) => {
    setConflict(null);
    void call<AdminMembership>(
      adminPath('soci', record.id),
      {
        method: 'PUT',
        body: {
          ...facts,
          section: facts.kind === 'Affiliato' && facts.section !== '' ? facts.section : null,
        },
        headers: { 'if-match': `"${version}"` },
      },
      (saved) => `Dati di ${saved.firstName} ${saved.lastName} salvati.`,
      (error) => {
        const refusal = conflictOf(error);
        setConflict(refusal);
        return refusal !== null;
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save(record.version);
  };
  const newerVersion = conflict?.current.version;
  return (
    <form className="mt-3" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h6">
        Dati del socio
      </h2>
      {conflict === null ? null : (
        <div role="alert" className="alert alert-warning" data-testid="edit-conflict">
          <p className="fw-bold mb-1">Salvataggio non riuscito: i dati del socio sono cambiati</p>
          <p className="mb-1">
            Qualcun altro ha modificato questi dati dopo che li hai aperti. Quello che hai scritto è
            ancora nel modulo: ricarica per vedere i dati attuali (le tue modifiche andranno perse),
            oppure salva comunque i tuoi.
          </p>
          {conflict.changes.length === 0 ? null : (
            <ul className="mb-2">
              {conflict.changes.map((change) => (
                <li key={`${change.at}-${change.actorEmail}`}>{changeLine(change)}</li>
              ))}
            </ul>
          )}
          <button type="button" className="btn btn-outline-secondary me-2" onClick={refresh}>
            Ricarica
          </button>
          {typeof newerVersion === 'number' ? (
            <button
              type="button"
              className="btn btn-warning"
              disabled={saving}
              onClick={() => save(newerVersion)}
            >
              Sovrascrivi
            </button>
          ) : null}
        </div>
      )}
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
