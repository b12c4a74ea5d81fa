import {
  ECM_PROFESSIONS,
  EMPLOYMENT_LABELS,
  EMPLOYMENT_STATUSES,
  OTHER_PROFESSION,
  OTHER_PROFESSION_LABEL,
  PROFESSIONAL_FACTS_MESSAGES,
} from '@sodalis/contracts';
import { useState, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useHydrated } from '../../state/hydrated';

/** The professional facts' fields, named as the API's issue paths name them (ADR 059). */
export const PROFESSIONAL_FACTS_NAMES = {
  professionCode: 'professionCode',
  disciplineCode: 'disciplineCode',
  otherProfession: 'otherProfession',
  employment: 'employment',
} as const;

export interface ProfessionalFactsValues {
  professionCode: string;
  disciplineCode: string;
  otherProfession: string;
  employment: string;
}

/** A select with its label, error and hint tied to it (as `CheckedInput` does for inputs). */
function CheckedSelect({
  id,
  name,
  label,
  error,
  hint,
  children,
  ...select
}: {
  id: string;
  name: string;
  label: string;
  error: string | undefined;
  hint?: string;
  children: ReactNode;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const described = [hint === undefined ? null : `${id}-aiuto`, error ? `${id}-errore` : null]
    .filter((part) => part !== null)
    .join(' ');
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        name={name}
        className={`form-select${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={described === '' ? undefined : described}
        {...select}
      >
        {children}
      </select>
      {hint === undefined ? null : (
        <div id={`${id}-aiuto`} className="form-text">
          {hint}
        </div>
      )}
      {error ? (
        <div id={`${id}-errore`} className="invalid-feedback">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/**
 * Profession, discipline and employment status from the national lists (ADR 059), for the
 * registration form and the events' account. Without scripts the discipline's select holds every
 * discipline grouped by profession (`optgroup`) and the server refuses one of another
 * profession; with scripts it offers only the chosen profession's. «Altra professione» is for
 * who is not a health professional: its name in words, no discipline, no ECM credits.
 */
export function ProfessionalFactsFields({
  idOf,
  values,
  errors,
  professionRequired,
}: {
  idOf: (name: string) => string;
  values: ProfessionalFactsValues;
  errors: ReadonlyMap<string, string>;
  professionRequired: boolean;
}) {
  const hydrated = useHydrated();
  const names = PROFESSIONAL_FACTS_NAMES;
  const [profession, setProfession] = useState(values.professionCode);
  const chosen = ECM_PROFESSIONS.find((each) => String(each.code) === profession);
  const other = profession === OTHER_PROFESSION;
  const disciplineOption = (discipline: { code: number; name: string }) => (
    <option key={discipline.code} value={discipline.code}>
      {discipline.name}
    </option>
  );
  return (
    <>
      <CheckedSelect
        id={idOf(names.professionCode)}
        name={names.professionCode}
        label={professionRequired ? 'Professione (obbligatorio)' : 'Professione'}
        error={errors.get(names.professionCode)}
        hint={PROFESSIONAL_FACTS_MESSAGES.nonHealthNote}
        defaultValue={values.professionCode}
        required={professionRequired}
        onChange={(change) => setProfession(change.currentTarget.value)}
        data-testid="profession-select"
      >
        <option value="">{professionRequired ? 'Scegli la professione' : 'Non indicata'}</option>
        {ECM_PROFESSIONS.map((each) => (
          <option key={each.code} value={each.code}>
            {each.name}
          </option>
        ))}
        <option value={OTHER_PROFESSION}>{OTHER_PROFESSION_LABEL}</option>
      </CheckedSelect>
      {!hydrated ? (
        <CheckedSelect
          id={idOf(names.disciplineCode)}
          name={names.disciplineCode}
          label="Disciplina (delle professioni sanitarie)"
          error={errors.get(names.disciplineCode)}
          hint="Scegli una disciplina della tua professione (sotto il suo nome)."
          defaultValue={values.disciplineCode}
          data-testid="discipline-select"
        >
          <option value="">Nessuna</option>
          {ECM_PROFESSIONS.map((each) => (
            <optgroup key={each.code} label={each.name}>
              {each.disciplines.map(disciplineOption)}
            </optgroup>
          ))}
        </CheckedSelect>
      ) : chosen === undefined ? null : (
        <CheckedSelect
          // A new profession, a new list: the discipline chosen before is not among its own.
          key={chosen.code}
          id={idOf(names.disciplineCode)}
          name={names.disciplineCode}
          label="Disciplina"
          error={errors.get(names.disciplineCode)}
          defaultValue={
            chosen.disciplines.some((each) => String(each.code) === values.disciplineCode)
              ? values.disciplineCode
              : chosen.disciplines.length === 1
                ? String(chosen.disciplines[0]?.code)
                : ''
          }
          data-testid="discipline-select"
        >
          <option value="">Scegli la disciplina</option>
          {chosen.disciplines.map(disciplineOption)}
        </CheckedSelect>
      )}
      {!hydrated || other ? (
        <div className="mb-3">
          <label htmlFor={idOf(names.otherProfession)} className="form-label">
            {hydrated ? 'Quale professione (obbligatorio)' : 'Altra professione (non sanitaria)'}
          </label>
          <input
            id={idOf(names.otherProfession)}
            name={names.otherProfession}
            className={`form-control${errors.get(names.otherProfession) ? ' is-invalid' : ''}`}
            defaultValue={values.otherProfession}
            maxLength={120}
            autoComplete="organization-title"
            aria-invalid={errors.get(names.otherProfession) ? true : undefined}
            aria-describedby={
              [
                hydrated ? null : `${idOf(names.otherProfession)}-aiuto`,
                errors.get(names.otherProfession) ? `${idOf(names.otherProfession)}-errore` : null,
              ]
                .filter((part) => part !== null)
                .join(' ') || undefined
            }
          />
          {hydrated ? null : (
            <div id={`${idOf(names.otherProfession)}-aiuto`} className="form-text">
              Solo se hai scelto «{OTHER_PROFESSION_LABEL}»: scrivi quale.
            </div>
          )}
          {errors.get(names.otherProfession) ? (
            <div id={`${idOf(names.otherProfession)}-errore`} className="invalid-feedback">
              {errors.get(names.otherProfession)}
            </div>
          ) : null}
        </div>
      ) : null}
      <CheckedSelect
        id={idOf(names.employment)}
        name={names.employment}
        label="Condizione lavorativa"
        error={errors.get(names.employment)}
        hint="La chiede Age.Na.S. per i crediti ECM."
        defaultValue={values.employment}
      >
        <option value="">Non indicata</option>
        {EMPLOYMENT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {EMPLOYMENT_LABELS[status]}
          </option>
        ))}
      </CheckedSelect>
    </>
  );
}
