import Alert from '@mui/material/Alert';
import { publicationStateWords, type PublicationState } from '@sodalis/contracts';
import type { ReactElement } from 'react';
import { useWatch } from 'react-hook-form';
import { FunctionField, SaveButton, TextInput, Toolbar, useRecordContext } from 'react-admin';

type FormData = Record<string, unknown>;

/**
 * The three ways to save a content with a published flag (ADR 023, ADR 031): "Salva bozza"
 * (nobody sees it), "Pubblica" (`publishNow` says what "now" means for the kind) or
 * "Programma" (published from the moment in `scheduleField`, enabled once it is filled). The
 * delete, when given, stays on the right.
 */
export function PublicationToolbar({
  scheduleField,
  publishNow,
  deleteButton,
}: {
  scheduleField: string;
  publishNow: (data: FormData) => FormData;
  deleteButton?: ReactElement | null | undefined;
}) {
  const schedule = useWatch({ name: scheduleField }) as string | null | undefined;
  const canSchedule = typeof schedule === 'string' && schedule !== '';
  return (
    <Toolbar sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <SaveButton
        label="Salva bozza"
        type="button"
        alwaysEnable
        variant="outlined"
        transform={(data: FormData) => ({ ...data, published: false })}
      />
      <SaveButton label="Pubblica" type="button" alwaysEnable transform={publishNow} />
      <SaveButton
        label="Programma"
        type="button"
        alwaysEnable
        variant="outlined"
        disabled={!canSchedule}
        transform={(data: FormData) => ({ ...data, published: true })}
      />
      {deleteButton ? <span style={{ marginLeft: 'auto' }}>{deleteButton}</span> : null}
    </Toolbar>
  );
}

/**
 * Where the saved item stands, in words ("Programmata per il 30/11/2026 alle 09:00"), and
 * where to see it: its page once published, the staff preview before (when the kind has one).
 */
export function PublicationNotice({
  words,
  published,
  link,
}: {
  words: string;
  published: boolean;
  link: { href: string; text: string } | null;
}) {
  return (
    <Alert
      severity={published ? 'success' : 'info'}
      role="status"
      className="admin-publication-state"
      sx={{ mb: 2, width: '100%' }}
    >
      <span data-testid="publication-state">{words}</span>{' '}
      {link === null ? null : (
        <a href={link.href} target="_blank" rel="noopener">
          {link.text}
        </a>
      )}
    </Alert>
  );
}

/** Masculine for a "numero", "articolo" or "parere", feminine for a "raccomandazione". */
export type PublishedLabel = 'Pubblicata' | 'Pubblicato';

/** The ending of a kind's participles: "Pubblicata" a, "Pubblicato" o. */
const endingOf = (label: PublishedLabel) => (label === 'Pubblicata' ? 'a' : 'o');

/** An item scheduled by date and time: its state in words ("Programmata per il 30/11/2026 alle 09:00"). */
function stateWords(
  record: { state: PublicationState; publishAt: string | null; updatedAt?: string },
  label: PublishedLabel,
): string {
  const [day = '', time = null] = record.publishAt?.split('T') ?? [];
  const since = day === '' ? (record.updatedAt ?? '').slice(0, 10) : day;
  return publicationStateWords(record.state, since, time, endingOf(label));
}

const STATE_NAMES: Record<PublicationState, string> = {
  pubblicata: 'Pubblicato',
  programmata: 'Programmato',
  'non-pubblicata': 'Bozza',
};

/** A list's "Stato" column: "Pubblicato", "Programmato" or "Bozza", agreeing with the kind. */
export function PublicationStateField({ label }: { label: PublishedLabel }) {
  return (
    <FunctionField
      label="Stato"
      sortable={false}
      render={(record) =>
        record.state === 'pubblicata'
          ? label
          : STATE_NAMES[record.state as PublicationState].replace(/o$/, endingOf(label))
      }
    />
  );
}

/**
 * The item's state in words and the moment of "Programma" (`publishAt`, ADR 031): whether it
 * is on the site is the toolbar's choice ("Salva bozza", "Pubblica", "Programma").
 */
export function PublicationInputs({ label }: { label: PublishedLabel }) {
  const record = useRecordContext<{
    id?: number;
    state: PublicationState;
    publishAt: string | null;
    updatedAt?: string;
  }>();
  return (
    <>
      {record?.id === undefined ? null : (
        <PublicationNotice
          words={stateWords(record, label)}
          published={record.state === 'pubblicata'}
          link={null}
        />
      )}
      <TextInput
        source="publishAt"
        // Not a second "publication date" beside the record's own: only the moment
        // "Programma" waits for.
        label="Programma per il giorno e l’ora (ora di Roma)"
        type="datetime-local"
        helperText="Solo per «Programma»: compare ai soci nel giorno e all’ora indicati. Vuoto per «Pubblica»."
      />
    </>
  );
}

/** "Pubblica" of an item scheduled by `publishAt`: on the site now, any schedule dropped. */
export const publishNow = (data: FormData) => ({
  ...data,
  published: true,
  publishAt: null,
});
