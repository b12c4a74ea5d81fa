import type { Throttle, ThrottleRule } from './throttle.js';

const HOUR_MS = 60 * 60_000;

/** The forms anyone may send, each counted on its own (ADR 040). */
export type PublicForm = 'application' | 'sponsorship' | 'newsletter' | 'eventAccount';

/** How much of one form an hour takes: from one client address (null: not counted here), and from all. */
export interface PublicFormLimits {
  perAddressPerHour: number | null;
  perHour: number;
}

/** An hourly window of `max` attempts; past it the key stays closed for an hour. */
function hourly(max: number): ThrottleRule {
  return { maxFailures: max, windowMs: HOUR_MS, blockMs: HOUR_MS };
}

/**
 * The gate in front of the public forms (ADR 040): each form's submissions per client address
 * and from all addresses together in an hour, and the bytes of the files they bring against one
 * hourly budget for the disk. Counted in the database (`Throttle`), so every instance sees the
 * same counts (ADR 033); each check counts and decides in one statement, so parallel requests
 * cannot all pass. Answers null when admitted, else the seconds until the form opens again.
 */
export class PublicFormGate {
  constructor(
    private readonly throttle: Throttle,
    private readonly limits: Record<PublicForm, PublicFormLimits>,
    /** Bytes of files the public forms may store in an hour (PUBLIC_UPLOADS_MB_PER_HOUR). */
    private readonly uploadBytesPerHour: number,
  ) {}

  /** One submission of `form` from `address`: its address's count first, then everyone's. */
  async admit(form: PublicForm, address: string | null): Promise<number | null> {
    const { perAddressPerHour, perHour } = this.limits[form];
    if (perAddressPerHour !== null && address !== null) {
      const wait = await this.throttle.admit(
        `form:${form}:address:${address}`,
        hourly(perAddressPerHour),
      );
      if (wait !== null) return wait;
    }
    return this.throttle.admit(`form:${form}:all`, hourly(perHour));
  }

  /** Files about to be stored by a public form, in kilobytes against the hour's budget. */
  async admitUpload(bytes: number): Promise<number | null> {
    if (bytes <= 0) return null;
    return this.throttle.admit(
      'form:uploads:all',
      hourly(Math.ceil(this.uploadBytesPerHour / 1024)),
      Math.ceil(bytes / 1024),
    );
  }
}
