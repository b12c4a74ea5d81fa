import { italianDateTime, type AttendanceEvent } from '@sodalis/contracts';
import { MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useAdminRead } from './admin-data';
import { ATTENDANCE_API } from './admin-data';

/** The events of the check-in's area (ADR 051), read once the screen has mounted. */
export function useAttendanceEvents(): AttendanceEvent[] {
  const [events, setEvents] = useState<AttendanceEvent[]>([]);
  useAdminRead(`${ATTENDANCE_API}/Events`, setEvents, 'Elenco degli eventi non disponibile.');
  return events;
}

/**
 * The choice of an event on the check-in's, the attendance's and the ECM credits' screens
 * (ADR 051, 060): each by its title and first day.
 */
export function AttendanceEventSelect({
  events,
  value,
  onChange,
  fullWidth = false,
}: {
  events: readonly AttendanceEvent[];
  value: number | null;
  onChange: (eventId: number) => void;
  fullWidth?: boolean;
}) {
  return (
    <TextField
      select
      fullWidth={fullWidth}
      label="Evento"
      value={value ?? ''}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={fullWidth ? { mb: 2 } : { mb: 2, minWidth: 320 }}
    >
      {events.map((event) => (
        <MenuItem key={event.id} value={event.id}>
          {event.title} ({italianDateTime(event.startsAt).slice(0, 10)})
        </MenuItem>
      ))}
    </TextField>
  );
}
