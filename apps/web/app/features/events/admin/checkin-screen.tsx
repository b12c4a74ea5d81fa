import {
  badgeCodeText,
  CHECKIN_DIRECTION_LABELS,
  italianRomeDate,
  normalBadgeCode,
  romeTime,
  type AttendanceEvent,
  type CheckInDirection,
  type CheckInPerson,
  type CheckInPresence,
  type CheckInResult,
  type EventSession,
  type EventSessions,
} from '@sodalis/contracts';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { HttpError, Title } from 'react-admin';
import { adminJson } from '../../admin/data-provider';
import {
  flushQueue,
  pendingText,
  queuedScans,
  queueScan,
  type QueuedScan,
  type SendOutcome,
} from './checkin-queue';
import { hasBarcodeDetector, loadQrDecoder, qrReader } from './checkin-qr';
import { ATTENDANCE_API } from './admin-data';
import { AttendanceEventSelect } from './event-select';

/** How often the queue is tried again while scans wait (also on the browser's `online`). */
const RETRY_MS = 15_000;

const OFFLINE_TEXT = 'Rete assente: le scansioni restano sul telefono e partono appena torna.';

/** The device's people list, kept so a code or a name is found while offline. */
const PEOPLE_KEY = 'sodalis.checkin.people';
/** The event's sessions, kept so the choice stays while offline (ADR 054). */
const SESSIONS_KEY = 'sodalis.checkin.sessions';
/** The choice of the whole day's check-in rather than a session's. */
const WHOLE_DAY = 'giornata';

/** A session as the choice names it: "Workshop, 28/01 14:30–16:00". */
export function sessionLabel(session: EventSession): string {
  const start = new Date(session.startsAt);
  return `${session.name}, ${italianRomeDate(start).slice(0, 5)} ${romeTime(start)}–${romeTime(new Date(session.endsAt))}`;
}

/** The query naming the session whose people and presence are read. */
function sessionQuery(sessionId: number | null): string {
  return sessionId === null ? '' : `?sessionId=${sessionId}`;
}

function storage(): Storage {
  return window.localStorage;
}

async function sendScans(eventId: number, scans: QueuedScan[]): Promise<SendOutcome> {
  try {
    const results = await adminJson<CheckInResult[]>(`${ATTENDANCE_API}/Events/${eventId}/Scans`, {
      method: 'POST',
      body: { scans },
    });
    return { ok: true, results };
  } catch (error) {
    if (error instanceof HttpError) {
      if (error.status === 401 || error.status === 403) return { ok: false, reason: 'session' };
      if (error.status === 400) return { ok: false, reason: 'refused' };
    }
    // No answer (the network) or the server's trouble: the scans wait.
    return { ok: false, reason: 'offline' };
  }
}

/** Whether the browser can open a camera at all (a secure page of a browser with one). */
function cameraAvailable(): boolean {
  return typeof navigator !== 'undefined' && navigator.mediaDevices?.getUserMedia !== undefined;
}

/**
 * The camera, reading QR codes with the browser's BarcodeDetector or, without one, with the
 * decoder the site serves (ADR 054), fetched as the page opens so it is there when the venue's
 * Wi-Fi is not. One code read stops the camera until the next press. Without a camera the page
 * says so and the code is typed.
 */
function CameraScan({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [active, setActive] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [camera] = useState(cameraAvailable);

  useEffect(() => {
    if (camera && !hasBarcodeDetector()) {
      // Offline already: the next attempt (opening the camera) fetches it again.
      loadQrDecoder().catch(() => undefined);
    }
  }, [camera]);

  useEffect(() => {
    if (!active) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    const reader = qrReader();
    const look = async () => {
      if (stopped || video.current === null) return;
      try {
        const found = await reader.read(video.current);
        if (found !== null) {
          onCode(found);
          setActive(false);
          return;
        }
      } catch {
        // A frame not ready yet (or the decoder not fetched yet): the next one.
      }
      setTimeout(() => void look(), 200);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        if (stopped || video.current === null) return;
        video.current.srcObject = media;
        await video.current.play();
        void look();
      })
      .catch(() => {
        setProblem('Fotocamera non disponibile: scrivi il codice del badge.');
        setActive(false);
      });
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [active, onCode]);

  if (!camera) {
    return (
      <Typography variant="body2" sx={{ mb: 2 }}>
        Questo browser non apre la fotocamera: scrivi il codice del badge o cerca il nome.
      </Typography>
    );
  }
  return (
    <Box sx={{ mb: 2 }}>
      <Button variant="outlined" onClick={() => setActive(!active)}>
        {active ? 'Chiudi la fotocamera' : 'Inquadra il codice QR'}
      </Button>
      {problem === null ? null : <Alert severity="warning">{problem}</Alert>}
      {active ? (
        <video
          ref={video}
          muted
          playsInline
          aria-label="Inquadratura della fotocamera"
          style={{ width: '100%', maxWidth: 360, display: 'block', marginTop: 8 }}
        />
      ) : null}
    </Box>
  );
}

/**
 * The check-in (ADR 051), for a phone at the door: choose the event, the whole day or one of
 * its sessions (ADR 054), and entrance or exit, then scan a badge's QR code, type its code or
 * find the name. Each scan is queued on the device first, with its session, and sent at once
 * when the network allows, else when it comes back; the queue's size is always on the screen.
 * Who is inside now (the day's, or the session's) below.
 */
export function CheckInScreen() {
  const [events, setEvents] = useState<AttendanceEvent[]>([]);
  const [eventId, setEventId] = useState<number | null>(null);
  const [direction, setDirection] = useState<CheckInDirection>('in');
  const [sessions, setSessions] = useState<EventSession[]>([]);
  const [sessionId, setSessionId] = useState<number | null>(null);
  const [people, setPeople] = useState<CheckInPerson[]>([]);
  const [typed, setTyped] = useState('');
  const [last, setLast] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(0);
  const [sendProblem, setSendProblem] = useState<string | null>(null);
  const [presence, setPresence] = useState<CheckInPresence | null>(null);
  const flushing = useRef(false);

  const refresh = useCallback(async (id: number, session: number | null) => {
    try {
      const [list, present, programme] = await Promise.all([
        adminJson<CheckInPerson[]>(`${ATTENDANCE_API}/Events/${id}/People${sessionQuery(session)}`),
        adminJson<CheckInPresence>(
          `${ATTENDANCE_API}/Events/${id}/Presence${sessionQuery(session)}`,
        ),
        adminJson<EventSessions>(`${ATTENDANCE_API}/Events/${id}/Sessions`),
      ]);
      setPeople(list);
      setPresence(present);
      setSessions(programme.sessions);
      storage().setItem(`${PEOPLE_KEY}.${id}`, JSON.stringify(list));
      storage().setItem(`${SESSIONS_KEY}.${id}`, JSON.stringify(programme.sessions));
    } catch {
      // Offline: the lists kept on the device are used.
      const kept = storage().getItem(`${PEOPLE_KEY}.${id}`);
      if (kept !== null) setPeople(JSON.parse(kept) as CheckInPerson[]);
      const keptSessions = storage().getItem(`${SESSIONS_KEY}.${id}`);
      if (keptSessions !== null) setSessions(JSON.parse(keptSessions) as EventSession[]);
    }
  }, []);

  /** The event chosen: its people and presence read, its scans still on the device counted. */
  const choose = useCallback(
    (id: number) => {
      setEventId(id);
      setSessionId(null);
      setPending(queuedScans(storage(), id).length);
      void refresh(id, null);
    },
    [refresh],
  );

  /** The whole day or a session (ADR 054): the scans are for it, its presence is shown. */
  const chooseSession = (value: string) => {
    if (eventId === null) return;
    const chosen = value === WHOLE_DAY ? null : Number(value);
    setSessionId(chosen);
    setPresence(null);
    void refresh(eventId, chosen);
  };
  const sessionName = sessions.find((session) => session.id === sessionId)?.name ?? null;

  useEffect(() => {
    adminJson<AttendanceEvent[]>(`${ATTENDANCE_API}/Events`)
      .then((list) => {
        setEvents(list);
        if (list.length === 1 && list[0] !== undefined) choose(list[0].id);
      })
      .catch(() => setSendProblem('Elenco degli eventi non disponibile.'));
  }, [choose]);

  const flush = useCallback(async () => {
    if (eventId === null || flushing.current) return;
    if (!navigator.onLine) {
      // No network at all: nothing is tried until the browser says it is back (`online`).
      setSendProblem(OFFLINE_TEXT);
      return;
    }
    flushing.current = true;
    try {
      const { results, failed } = await flushQueue(storage(), eventId, (scans) =>
        sendScans(eventId, scans),
      );
      const refused = results.filter((result) => result.status === 'refused');
      if (refused.length > 0) {
        setLast({
          ok: false,
          text: refused
            .map((result) => `${result.person?.name ?? 'Badge'}: ${result.message}`)
            .join(' '),
        });
      }
      setSendProblem(
        failed === 'offline'
          ? OFFLINE_TEXT
          : failed === 'session'
            ? 'Sessione scaduta: accedi di nuovo, le scansioni restano sul telefono.'
            : failed === 'refused'
              ? 'Alcune scansioni non erano leggibili e sono state scartate.'
              : null,
      );
      if (results.length > 0) await refresh(eventId, sessionId);
    } finally {
      flushing.current = false;
      setPending(queuedScans(storage(), eventId).length);
    }
  }, [eventId, refresh, sessionId]);

  useEffect(() => {
    if (eventId === null) return;
    // What an earlier visit left on the device is tried at once, then every RETRY_MS.
    const first = setTimeout(() => void flush(), 0);
    const retry = setInterval(() => void flush(), RETRY_MS);
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => {
      clearTimeout(first);
      clearInterval(retry);
      window.removeEventListener('online', online);
    };
  }, [eventId, flush]);

  const record = useCallback(
    (target: { code: string } | { registrationId: number }, name: string | null) => {
      if (eventId === null) return;
      queueScan(storage(), eventId, {
        clientId: crypto.randomUUID(),
        ...target,
        direction,
        scannedAt: new Date().toISOString(),
        ...(sessionId === null ? {} : { sessionId }),
      });
      setPending(queuedScans(storage(), eventId).length);
      setLast({
        ok: true,
        text: `${CHECKIN_DIRECTION_LABELS[direction]}: ${name ?? 'badge letto'} (${
          sessionName === null ? '' : `${sessionName}, `
        }${romeTime(new Date())})`,
      });
      setTyped('');
      void flush();
    },
    [direction, eventId, flush, sessionId, sessionName],
  );

  const onCode = useCallback(
    (text: string) => {
      const code = normalBadgeCode(text);
      if (code === null) {
        setLast({ ok: false, text: 'Codice QR non riconosciuto: non è un badge.' });
        return;
      }
      const person = people.find((candidate) => candidate.code === code);
      record({ code }, person?.name ?? null);
    },
    [people, record],
  );

  const matches =
    typed.trim().length < 2 || normalBadgeCode(typed) !== null
      ? []
      : people
          .filter((person) => person.name.toLowerCase().includes(typed.trim().toLowerCase()))
          .slice(0, 8);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = normalBadgeCode(typed);
    if (code !== null) onCode(code);
    else if (matches.length === 1 && matches[0] !== undefined) {
      record({ registrationId: matches[0].registrationId }, matches[0].name);
    }
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 640 }} data-testid="checkin-screen">
      <Title title="Accoglienza: ingressi e uscite" />
      <Typography variant="h5" component="h1" gutterBottom>
        Accoglienza: ingressi e uscite
      </Typography>
      <AttendanceEventSelect fullWidth events={events} value={eventId} onChange={choose} />
      {eventId === null ? null : (
        <>
          <TextField
            select
            fullWidth
            label="Giornata o sessione"
            value={sessionId === null ? WHOLE_DAY : String(sessionId)}
            onChange={(event) => chooseSession(event.target.value)}
            sx={{ mb: 2 }}
          >
            <MenuItem value={WHOLE_DAY}>Giornata intera</MenuItem>
            {sessions.map((session) => (
              <MenuItem key={session.id} value={String(session.id)}>
                {sessionLabel(session)}
                {session.addonName === null ? '' : ` (solo ${session.addonName})`}
              </MenuItem>
            ))}
          </TextField>
          <ToggleButtonGroup
            exclusive
            color="primary"
            value={direction}
            onChange={(_event, value: CheckInDirection | null) => {
              if (value !== null) setDirection(value);
            }}
            aria-label="Entrata o uscita"
            sx={{ mb: 2 }}
          >
            <ToggleButton value="in">Entrata</ToggleButton>
            <ToggleButton value="out">Uscita</ToggleButton>
          </ToggleButtonGroup>
          <CameraScan onCode={onCode} />
          <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, mb: 1 }}>
            <TextField
              fullWidth
              label="Codice del badge o nome"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              inputProps={{ autoComplete: 'off', autoCapitalize: 'characters' }}
            />
            <Button type="submit" variant="contained">
              Registra
            </Button>
          </Box>
          {matches.length === 0 ? null : (
            <List dense aria-label="Persone trovate">
              {matches.map((person) => (
                <ListItem
                  key={person.registrationId}
                  secondaryAction={
                    <Button
                      size="small"
                      onClick={() => record({ registrationId: person.registrationId }, person.name)}
                    >
                      {CHECKIN_DIRECTION_LABELS[direction]}
                    </Button>
                  }
                >
                  <ListItemText
                    primary={person.name}
                    secondary={`${person.typeName} · ${badgeCodeText(person.code)}`}
                  />
                </ListItem>
              ))}
            </List>
          )}
          <div aria-live="polite" data-testid="checkin-last">
            {last === null ? null : (
              <Alert severity={last.ok ? 'success' : 'error'} sx={{ my: 1 }}>
                {last.text}
              </Alert>
            )}
          </div>
          <Alert
            severity={pending === 0 ? 'info' : 'warning'}
            sx={{ my: 1 }}
            data-testid="checkin-pending"
            action={
              pending === 0 ? undefined : (
                <Button color="inherit" size="small" onClick={() => void flush()}>
                  Invia ora
                </Button>
              )
            }
          >
            {pendingText(pending)}
            {sendProblem === null ? null : ` ${sendProblem}`}
          </Alert>
          {presence === null ? null : (
            <Card variant="outlined" sx={{ mt: 2 }}>
              <CardContent>
                <Typography variant="h6" component="h2" data-testid="checkin-present-count">
                  {sessionName === null ? 'Presenti ora' : `Presenti in «${sessionName}»`}:{' '}
                  {presence.present} su {presence.confirmed}
                </Typography>
                <Typography variant="body2" gutterBottom>
                  {sessionName === null
                    ? 'Entrati oggi almeno una volta'
                    : 'Entrati nella sessione almeno una volta'}
                  : {presence.cameToday}
                </Typography>
                <List dense aria-label="Presenti ora" data-testid="checkin-present">
                  {presence.people.map((person) => (
                    <ListItem key={person.registrationId}>
                      <ListItemText
                        primary={person.name}
                        secondary={`dalle ${romeTime(new Date(person.since))} · ${person.typeName}`}
                      />
                    </ListItem>
                  ))}
                </List>
              </CardContent>
            </Card>
          )}
        </>
      )}
    </Box>
  );
}
