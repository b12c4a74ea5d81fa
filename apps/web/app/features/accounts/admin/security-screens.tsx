import {
  rolesOfStaffRoute,
  type AdminMember,
  type MemberTwoFactorState,
  type TwoFactorEnrolment,
  type TwoFactorRecoveryCodes,
  type TwoFactorStatus,
} from '@sodalis/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button, Confirm, Title, useNotify, useRecordContext } from 'react-admin';
import { adminJson, staffRole } from '../../admin/data-provider';
import { errorText } from '../../admin/error-text';
import { SECURITY_API, useTwoFactorStatus } from './two-factor-status';

/**
 * Staff security in the back office (ADR 017): the "Sicurezza dell'account"
 * screen (two-factor sign-in: QR code, manual key, confirming code, recovery codes shown once,
 * turning it off with a code), also shown by the gate (`staff-security-gate.tsx`) while the
 * site requires two-factor and the staff member has not turned it on, and the account screen's
 * button to turn off a colleague's two-factor.
 */

const CODE_HELP = 'Le 6 cifre mostrate ora dall’app di autenticazione.';

/** A 6-digit code field: labelled, numeric keypad, one-time-code autofill. */
function CodeField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const id = useId();
  return (
    <TextField
      id={`codice-${id}`}
      label="Codice di verifica"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error !== null}
      helperText={error ?? CODE_HELP}
      required
      size="small"
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          autoComplete: 'one-time-code',
          pattern: '[0-9 ]*',
          maxLength: 7,
        },
      }}
    />
  );
}

/** Turning on: start (QR code + key), confirm with a code, then the recovery codes once. */
function Enrolment({ onDone }: { onDone: () => void }) {
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      setEnrolment(
        await adminJson<TwoFactorEnrolment>(`${SECURITY_API}/TwoFactor/Start`, { method: 'POST' }),
      );
    } catch (caught) {
      setError(errorText(caught, 'Non è stato possibile avviare l’attivazione.'));
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await adminJson<TwoFactorRecoveryCodes>(`${SECURITY_API}/TwoFactor/Confirm`, {
        method: 'POST',
        body: { code },
      });
      setCodes(answer.recoveryCodes);
    } catch (caught) {
      setError(errorText(caught, 'Codice non accettato.'));
    } finally {
      setBusy(false);
    }
  }

  if (codes !== null) {
    return (
      <section aria-labelledby="codici-recupero">
        <Alert severity="success" sx={{ mb: 2 }}>
          La verifica in due passaggi è attiva. Da ora, dopo la password, l’accesso chiede il codice
          dell’app.
        </Alert>
        <Typography component="h3" variant="h6" id="codici-recupero">
          Codici di recupero
        </Typography>
        <p>
          Conservali in un luogo sicuro: ognuno vale una sola volta al posto del codice dell’app, se
          perdi il telefono. Non li vedrai più.
        </p>
        <ul className="admin-recovery-codes" data-testid="recovery-codes">
          {codes.map((item) => (
            <li key={item}>
              <code>{item}</code>
            </li>
          ))}
        </ul>
        <MuiButton variant="contained" onClick={onDone}>
          Ho salvato i codici, continua
        </MuiButton>
      </section>
    );
  }

  if (enrolment === null) {
    return (
      <Box>
        <p>
          Con la verifica in due passaggi, dopo la password l’accesso chiede un codice di 6 cifre
          generato da un’app di autenticazione sul telefono (per esempio Google Authenticator,
          Microsoft Authenticator, FreeOTP).
        </p>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        <MuiButton variant="contained" onClick={() => void start()} disabled={busy}>
          Attiva la verifica in due passaggi
        </MuiButton>
      </Box>
    );
  }

  return (
    <Box>
      <ol className="admin-enrolment-steps">
        <li>
          Inquadra il codice QR con l’app di autenticazione:
          <div>
            <img
              src={enrolment.qrCodeDataUrl}
              alt="Codice QR della verifica in due passaggi, da inquadrare con l’app di autenticazione"
              width={200}
              height={200}
              className="admin-qr-code"
            />
          </div>
        </li>
        <li>
          Se non puoi inquadrarlo, inserisci a mano questa chiave (tipo: basata sul tempo):{' '}
          <code data-testid="totp-secret" className="admin-totp-secret">
            {enrolment.secret}
          </code>
        </li>
        <li>Scrivi qui il codice che l’app mostra ora e conferma.</li>
      </ol>
      <form onSubmit={(event) => void confirm(event)} className="admin-code-form" noValidate>
        <CodeField value={code} onChange={setCode} error={error} />
        <MuiButton type="submit" variant="contained" disabled={busy || code.trim() === ''}>
          Conferma
        </MuiButton>
      </form>
    </Box>
  );
}

/** Turning one's own two-factor off, with a current code. */
function Disable({ onDone }: { onDone: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await adminJson<null>(`${SECURITY_API}/TwoFactor/Disable`, {
        method: 'POST',
        body: { code },
      });
      onDone();
    } catch (caught) {
      setError(errorText(caught, 'Codice non accettato.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="admin-code-form" noValidate>
      <CodeField value={code} onChange={setCode} error={error} />
      <MuiButton
        type="submit"
        variant="outlined"
        color="error"
        disabled={busy || code.trim() === ''}
      >
        Disattiva la verifica in due passaggi
      </MuiButton>
    </form>
  );
}

/** The two-factor panel: state, and turning it on or off. */
export function TwoFactorPanel({
  status,
  onChanged,
}: {
  status: TwoFactorStatus;
  onChanged: () => void;
}) {
  return (
    <section aria-labelledby="verifica-due-passaggi" className="admin-security">
      <Typography component="h2" variant="h6" id="verifica-due-passaggi" gutterBottom>
        Verifica in due passaggi
      </Typography>
      {status.required && !status.enabled ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Il sito richiede la verifica in due passaggi per la segreteria: attivala per usare
          l’amministrazione.
        </Alert>
      ) : null}
      {status.enabled ? (
        <Box>
          <p data-testid="two-factor-state">
            <strong>Attiva</strong>
            {status.enabledAt
              ? ` dal ${new Date(status.enabledAt).toLocaleDateString('it-IT', { timeZone: 'Europe/Rome' })}`
              : ''}
            . Codici di recupero ancora validi: {status.recoveryCodesLeft}.
          </p>
          {status.required ? (
            <p>
              Il sito la richiede: se la disattivi, l’amministrazione resta chiusa finché non la
              riattivi.
            </p>
          ) : null}
          <Disable onDone={onChanged} />
        </Box>
      ) : (
        <Enrolment onDone={onChanged} />
      )}
    </section>
  );
}

function SecurityContent({ onChanged }: { onChanged?: () => void }) {
  const [status, reload] = useTwoFactorStatus();
  if (status === null) return <p role="status">Caricamento…</p>;
  if (status === 'error')
    return <Alert severity="error">Non è stato possibile leggere lo stato della sicurezza.</Alert>;
  return (
    <TwoFactorPanel
      status={status}
      onChanged={() => {
        reload();
        onChanged?.();
      }}
    />
  );
}

/** /amministrazione/sicurezza: "Sicurezza dell'account". */
export function AccountSecurityScreen() {
  return (
    <div className="admin-dashboard">
      <Title title="Sicurezza dell’account" />
      <Typography component="h1" variant="h5" gutterBottom>
        Sicurezza dell’account
      </Typography>
      <SecurityContent />
    </div>
  );
}

/** Whether the signed-in role may turn off another account's two-factor (ADR 031). */
function mayTurnOffOthersTwoFactor(): boolean {
  return rolesOfStaffRoute('DELETE', '/Security/Members/:id/TwoFactor').some(
    (role) => role === staffRole(),
  );
}

/**
 * On a staff account's screen: turn off that person's two-factor (a lost phone); shown to the
 * secretariat only, the one role the server lets do it.
 */
export function MemberTwoFactorButton() {
  return mayTurnOffOthersTwoFactor() ? <TurnOffMemberTwoFactor /> : null;
}

function TurnOffMemberTwoFactor() {
  const member = useRecordContext<AdminMember>();
  const notify = useNotify();
  const [state, setState] = useState<MemberTwoFactorState | null>(null);
  const [myId, setMyId] = useState<number | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const memberId = member?.id;

  useEffect(() => {
    if (memberId === undefined) return undefined;
    let live = true;
    Promise.all([
      adminJson<MemberTwoFactorState>(`${SECURITY_API}/Members/${memberId}/TwoFactor`),
      adminJson<{ id: number }>('/api/v1/Admin/Me'),
    ]).then(
      ([answer, me]) => {
        if (!live) return;
        setState(answer);
        setMyId(me.id);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [memberId]);

  if (!member || state === null || !state.enabled || myId === member.id) return null;
  return (
    <>
      <Button
        label="Disattiva verifica in due passaggi"
        disabled={busy}
        onClick={() => setAsking(true)}
      />
      <Confirm
        isOpen={asking}
        loading={busy}
        title="Disattivare la verifica in due passaggi?"
        content={`${member.email} potrà accedere con la sola password e riattivarla da "Sicurezza dell’account". Usalo se ha perso il telefono.`}
        confirm="Disattiva"
        cancel="Annulla"
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setBusy(true);
          adminJson<null>(`${SECURITY_API}/Members/${member.id}/TwoFactor`, { method: 'DELETE' })
            .then(() => {
              notify(`Verifica in due passaggi disattivata per ${member.email}.`, {
                type: 'success',
              });
              setState({ ...state, enabled: false });
            })
            .catch((error: unknown) =>
              notify(errorText(error, 'Operazione non riuscita.'), { type: 'error' }),
            )
            .finally(() => {
              setBusy(false);
              setAsking(false);
            });
        }}
      />
    </>
  );
}
