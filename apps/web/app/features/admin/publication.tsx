import Alert from '@mui/material/Alert';
import type { ReactElement } from 'react';
import { useWatch } from 'react-hook-form';
import { SaveButton, Toolbar } from 'react-admin';

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
