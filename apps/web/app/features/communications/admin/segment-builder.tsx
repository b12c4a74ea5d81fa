import {
  ECM_PROFESSIONS,
  ITALIAN_REGIONS,
  MEMBER_ROLES,
  REGISTRATION_STATES,
  REGISTRATION_STATE_LABELS,
  SEGMENT_APPLICATION_STATES,
  SEGMENT_APPLICATION_STATE_LABELS,
  SEGMENT_COMBINATION_LABELS,
  SEGMENT_COMBINATIONS,
  SEGMENT_FIELD_LABELS,
  SEGMENT_FIELDS,
  SEGMENT_ROLE_LABELS,
  STANDINGS,
  STANDING_LABELS,
  romeDate,
  type SegmentCombination,
  type SegmentCondition,
  type SegmentDefinition,
  type SegmentField,
  type SegmentPreview,
} from '@sodalis/contracts';
import { useEffect, useId, useState } from 'react';
import { useController } from 'react-hook-form';
import { adminJson } from '../../admin/data-provider';
import { errorText } from '../../admin/error-text';

/**
 * The segment builder (ADR 062): groups of conditions combined with «e» / «o», each condition a
 * field and its values, and beside it the live count and a sample of who is in, asked of the
 * server a moment after the last change. The definition is the form's `definition` field.
 */

const PREVIEW_URL = '/api/v1/Admin/CommunicationSegments/Preview';
const EVENTS_URL = '/api/v1/Admin/CommunicationSegments/Events';
/** The wait after the last change before the preview is asked for. */
const PREVIEW_DELAY_MS = 400;

export const EMPTY_DEFINITION: SegmentDefinition = {
  combine: 'all',
  groups: [{ combine: 'all', conditions: [{ field: 'role', roles: ['socio'] }] }],
};

/** A new condition of a field, with values that make it valid where the field allows. */
function conditionOf(field: SegmentField, eventId: number | undefined): SegmentCondition {
  const year = Number(romeDate().slice(0, 4));
  switch (field) {
    case 'role':
      return { field, roles: ['socio'] };
    case 'region':
      return { field, regions: [] };
    case 'qualification':
      return { field, contains: '' };
    case 'profession':
      return { field, professionCode: 1, disciplineCode: null };
    case 'dues':
      return { field, year, standings: ['good'] };
    case 'eventRegistration':
      return { field, eventId: eventId ?? 0, states: ['confirmed'] };
    case 'ecmCertificate':
      return { field, eventId: eventId ?? 0, issued: true };
    case 'newsletter':
      return { field, subscribed: true };
    case 'application':
      return { field, states: ['pending'] };
  }
}

function toggled<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...list.filter((one) => one !== value), value] : list.filter((one) => one !== value);
}

/** A fieldset of checkboxes: several values of one condition. */
function Choices<T extends string>({
  legend,
  values,
  labels,
  chosen,
  onChange,
}: {
  legend: string;
  values: readonly T[];
  labels: (value: T) => string;
  chosen: readonly T[];
  onChange: (next: T[]) => void;
}) {
  const id = useId();
  return (
    <fieldset className="segment-choices">
      <legend>{legend}</legend>
      {values.map((value) => (
        <span key={value} className="form-check form-check-inline">
          <input
            className="form-check-input"
            type="checkbox"
            id={`${id}-${value}`}
            checked={chosen.includes(value)}
            onChange={(event) => onChange(toggled(chosen, value, event.target.checked))}
          />
          <label className="form-check-label" htmlFor={`${id}-${value}`}>
            {labels(value)}
          </label>
        </span>
      ))}
    </fieldset>
  );
}

function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <span className="segment-select">
      <label htmlFor={id}>{label}</label>{' '}
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}

const COMBINATION_OPTIONS = SEGMENT_COMBINATIONS.map((value) => ({
  value,
  label: SEGMENT_COMBINATION_LABELS[value],
}));

/** One condition's values, by its field. */
function ConditionValues({
  condition,
  events,
  onChange,
}: {
  condition: SegmentCondition;
  events: readonly { id: number; title: string }[];
  onChange: (next: SegmentCondition) => void;
}) {
  const eventOptions = [
    ...(events.some((event) => event.id === ('eventId' in condition ? condition.eventId : 0))
      ? []
      : [{ value: '0', label: 'Scegli un evento' }]),
    ...events.map((event) => ({ value: String(event.id), label: event.title })),
  ];
  switch (condition.field) {
    case 'role':
      return (
        <Choices
          legend="Ruoli"
          values={MEMBER_ROLES}
          labels={(role) => SEGMENT_ROLE_LABELS[role]}
          chosen={condition.roles}
          onChange={(roles) => onChange({ ...condition, roles })}
        />
      );
    case 'region':
      return (
        <Choices
          legend="Regioni"
          values={ITALIAN_REGIONS}
          labels={(region) => region}
          chosen={condition.regions}
          onChange={(regions) => onChange({ ...condition, regions })}
        />
      );
    case 'qualification':
      return <QualificationText condition={condition} onChange={onChange} />;
    case 'profession': {
      const profession = ECM_PROFESSIONS.find((one) => one.code === condition.professionCode);
      return (
        <>
          <Select
            label="Professione"
            value={String(condition.professionCode)}
            options={ECM_PROFESSIONS.map((one) => ({ value: String(one.code), label: one.name }))}
            onChange={(value) =>
              onChange({ ...condition, professionCode: Number(value), disciplineCode: null })
            }
          />{' '}
          <Select
            label="Disciplina"
            value={String(condition.disciplineCode ?? '')}
            options={[
              { value: '', label: 'Qualsiasi' },
              ...(profession?.disciplines ?? []).map((one) => ({
                value: String(one.code),
                label: one.name,
              })),
            ]}
            onChange={(value) =>
              onChange({ ...condition, disciplineCode: value === '' ? null : Number(value) })
            }
          />
        </>
      );
    }
    case 'dues':
      return <DuesValues condition={condition} onChange={onChange} />;
    case 'eventRegistration':
      return (
        <>
          <Select
            label="Evento"
            value={String(condition.eventId)}
            options={eventOptions}
            onChange={(value) => onChange({ ...condition, eventId: Number(value) })}
          />
          <Choices
            legend="Stati dell’iscrizione"
            values={REGISTRATION_STATES}
            labels={(state) => REGISTRATION_STATE_LABELS[state]}
            chosen={condition.states}
            onChange={(states) => onChange({ ...condition, states })}
          />
        </>
      );
    case 'ecmCertificate':
      return (
        <>
          <Select
            label="Evento"
            value={String(condition.eventId)}
            options={eventOptions}
            onChange={(value) => onChange({ ...condition, eventId: Number(value) })}
          />{' '}
          <Select
            label="Attestato"
            value={condition.issued ? 'si' : 'no'}
            options={[
              { value: 'si', label: 'Rilasciato' },
              { value: 'no', label: 'Non rilasciato' },
            ]}
            onChange={(value) => onChange({ ...condition, issued: value === 'si' })}
          />
        </>
      );
    case 'newsletter':
      return (
        <Select
          label="Iscrizione"
          value={condition.subscribed ? 'si' : 'no'}
          options={[
            { value: 'si', label: 'Iscritto' },
            { value: 'no', label: 'Non iscritto' },
          ]}
          onChange={(value) => onChange({ ...condition, subscribed: value === 'si' })}
        />
      );
    case 'application':
      return (
        <Choices
          legend="Stati della domanda"
          values={SEGMENT_APPLICATION_STATES}
          labels={(state) => SEGMENT_APPLICATION_STATE_LABELS[state]}
          chosen={condition.states}
          onChange={(states) => onChange({ ...condition, states })}
        />
      );
  }
}

function QualificationText({
  condition,
  onChange,
}: {
  condition: Extract<SegmentCondition, { field: 'qualification' }>;
  onChange: (next: SegmentCondition) => void;
}) {
  const id = useId();
  return (
    <span className="segment-select">
      <label htmlFor={id}>La qualifica contiene</label>{' '}
      <input
        id={id}
        type="text"
        maxLength={100}
        value={condition.contains}
        onChange={(event) => onChange({ ...condition, contains: event.target.value })}
      />
    </span>
  );
}

function DuesValues({
  condition,
  onChange,
}: {
  condition: Extract<SegmentCondition, { field: 'dues' }>;
  onChange: (next: SegmentCondition) => void;
}) {
  const id = useId();
  return (
    <>
      <span className="segment-select">
        <label htmlFor={id}>Anno</label>{' '}
        <input
          id={id}
          type="number"
          min={2000}
          max={2099}
          value={condition.year}
          onChange={(event) => onChange({ ...condition, year: Number(event.target.value) })}
        />
      </span>
      <Choices
        legend="Posizione"
        values={STANDINGS}
        labels={(standing) => STANDING_LABELS[standing]}
        chosen={condition.standings}
        onChange={(standings) => onChange({ ...condition, standings })}
      />
    </>
  );
}

/** The live count and sample of the definition, asked a moment after its last change. */
function LivePreview({ definition }: { definition: SegmentDefinition }) {
  const [state, setState] = useState<
    | { kind: 'loading' }
    | { kind: 'ready'; preview: SegmentPreview }
    | { kind: 'error'; text: string }
  >({ kind: 'loading' });
  const key = JSON.stringify(definition);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      adminJson<SegmentPreview>(PREVIEW_URL, { method: 'POST', body: JSON.parse(key) as object })
        .then((preview) => {
          if (current) setState({ kind: 'ready', preview });
        })
        .catch((error: unknown) => {
          if (current)
            setState({ kind: 'error', text: errorText(error, 'Anteprima non riuscita.') });
        });
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key]);
  return (
    <section className="segment-preview" aria-labelledby="segment-preview-title">
      <h2 id="segment-preview-title" className="h5">
        Destinatari adesso
      </h2>
      <p role="status" aria-live="polite" data-testid="segment-count">
        {state.kind === 'loading'
          ? 'Conteggio in corso…'
          : state.kind === 'error'
            ? state.text
            : state.preview.countText}
      </p>
      {state.kind === 'ready' && state.preview.sample.length > 0 ? (
        <table className="table table-sm">
          <caption>
            Un campione di {state.preview.sample.length} persone, per cognome, e perché ci sono
          </caption>
          <thead>
            <tr>
              <th scope="col">Nome</th>
              <th scope="col">E-mail</th>
              <th scope="col">Condizioni soddisfatte</th>
            </tr>
          </thead>
          <tbody>
            {state.preview.sample.map((person) => (
              <tr key={person.memberId}>
                <td>
                  {person.lastName} {person.firstName}
                </td>
                <td>{person.email}</td>
                <td>{person.reasons.join('; ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

/** The builder, bound to the form's `definition`. */
export function SegmentBuilderInput() {
  const { field } = useController({ name: 'definition', defaultValue: EMPTY_DEFINITION });
  const definition = (field.value as SegmentDefinition | undefined) ?? EMPTY_DEFINITION;
  const [events, setEvents] = useState<{ id: number; title: string }[]>([]);
  useEffect(() => {
    adminJson<{ id: number; title: string }[]>(EVENTS_URL)
      .then(setEvents)
      .catch(() => setEvents([]));
  }, []);
  const set = (next: SegmentDefinition) => field.onChange(next);
  const setGroup = (index: number, change: Partial<SegmentDefinition['groups'][number]>) =>
    set({
      ...definition,
      groups: definition.groups.map((group, at) =>
        at === index ? { ...group, ...change } : group,
      ),
    });
  return (
    <div className="segment-builder">
      <fieldset>
        <legend className="h5">Condizioni</legend>
        <Select
          label="I gruppi si combinano con"
          value={definition.combine}
          options={COMBINATION_OPTIONS}
          onChange={(value) => set({ ...definition, combine: value as SegmentCombination })}
        />
        {definition.groups.map((group, groupIndex) => (
          <fieldset key={groupIndex} className="segment-group border rounded p-2 my-2">
            <legend className="h6">Gruppo {groupIndex + 1}</legend>
            <Select
              label="Le condizioni del gruppo si combinano con"
              value={group.combine}
              options={COMBINATION_OPTIONS}
              onChange={(value) => setGroup(groupIndex, { combine: value as SegmentCombination })}
            />
            {group.conditions.map((condition, index) => {
              const change = (next: SegmentCondition) =>
                setGroup(groupIndex, {
                  conditions: group.conditions.map((one, at) => (at === index ? next : one)),
                });
              return (
                <fieldset key={index} className="segment-condition border-top pt-2 mt-2">
                  <legend className="visually-hidden">
                    Condizione {index + 1} del gruppo {groupIndex + 1}
                  </legend>
                  <Select
                    label="Campo"
                    value={condition.field}
                    options={SEGMENT_FIELDS.map((value) => ({
                      value,
                      label: SEGMENT_FIELD_LABELS[value],
                    }))}
                    onChange={(value) => change(conditionOf(value as SegmentField, events[0]?.id))}
                  />{' '}
                  <ConditionValues condition={condition} events={events} onChange={change} />
                  <button
                    type="button"
                    className="btn btn-link btn-sm"
                    onClick={() =>
                      group.conditions.length === 1
                        ? set({
                            ...definition,
                            groups: definition.groups.filter((_, at) => at !== groupIndex),
                          })
                        : setGroup(groupIndex, {
                            conditions: group.conditions.filter((_, at) => at !== index),
                          })
                    }
                  >
                    Rimuovi la condizione {index + 1}
                  </button>
                </fieldset>
              );
            })}
            <button
              type="button"
              className="btn btn-outline-primary btn-sm mt-2"
              onClick={() =>
                setGroup(groupIndex, {
                  conditions: [...group.conditions, conditionOf('role', events[0]?.id)],
                })
              }
            >
              Aggiungi una condizione al gruppo {groupIndex + 1}
            </button>
          </fieldset>
        ))}
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          onClick={() =>
            set({
              ...definition,
              groups: [
                ...definition.groups,
                { combine: 'all', conditions: [conditionOf('role', events[0]?.id)] },
              ],
            })
          }
        >
          Aggiungi un gruppo
        </button>
      </fieldset>
      <LivePreview definition={definition} />
    </div>
  );
}
