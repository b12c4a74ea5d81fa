import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../text/dates.js';
import {
  blockedUntil,
  countFailure,
  deleteCounter,
  refundFailure,
  type ThrottleRule,
} from './throttle-repository.js';

export type { ThrottleRule };

/** Login and reset requests (ADR 010): the 6th failure within 15 minutes blocks for 15 minutes. */
export const LOGIN_THROTTLE: ThrottleRule = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
  blockMs: 15 * 60_000,
};

/**
 * Failed sign-ins of one account from any address (ADR 021, ASVS 2.2.1): ten free, then a
 * delay doubling from 1 second to 1 minute at most; that caps a guesser at about 75 failures
 * an hour, under ASVS's 100, and nobody is ever locked out for more than a minute.
 */
export const ACCOUNT_SIGN_IN_THROTTLE: ThrottleRule = {
  maxFailures: 100,
  windowMs: 60 * 60_000,
  blockMs: 60_000,
  delays: { freeFailures: 10, delaysMs: [1, 2, 4, 8, 16, 32, 60].map((s) => s * 1000) },
};

/**
 * Failed sign-ins from one client address, whatever the account (ADR 021): the 31st in 15
 * minutes blocks the address for 15 minutes, before any password is hashed. Successful
 * sign-ins do not count, so an office behind one address is not limited by its members.
 */
export const ADDRESS_SIGN_IN_THROTTLE: ThrottleRule = {
  maxFailures: 30,
  windowMs: 15 * 60_000,
  blockMs: 15 * 60_000,
};

/**
 * Failure counters kept in the database, so every instance sees the same count and they hold
 * across restarts. Keys name what is counted: an account and the client's address (an attacker
 * elsewhere cannot lock a member out), an account alone, or an address alone.
 */
export class Throttle {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly rule: ThrottleRule = LOGIN_THROTTLE,
  ) {}

  async isBlocked(key: string): Promise<boolean> {
    return (await this.secondsBlocked(key)) !== null;
  }

  /** Counts a failure; answers true when the count goes past the limit, which blocks the key. */
  async recordFailure(key: string, rule: ThrottleRule = this.rule): Promise<boolean> {
    const failures = await countFailure(this.db, key, rule, this.clock(), { whenOpen: false });
    return failures !== undefined && failures > rule.maxFailures;
  }

  /**
   * Counts an attempt before it is judged, so parallel attempts cannot all pass a check made
   * before any of them failed; answers true when the key is blocked (refuse the attempt).
   * Callers reset the key when the attempt succeeds.
   */
  async attempt(key: string, rule: ThrottleRule = this.rule): Promise<boolean> {
    return (await this.admit(key, rule)) !== null;
  }

  /**
   * `attempt` answering null when admitted, else the seconds until the key opens again (the
   * `Retry-After` of the 429). Counting and the check are one conditional upsert, so of many
   * parallel attempts on a closed key none passes, and on a key at its limit only one does.
   */
  async admit(
    key: string,
    rule: ThrottleRule = this.rule,
    /** What the attempt counts for (an upload's kilobytes against a budget); 1 by default. */
    weight = 1,
  ): Promise<number | null> {
    const failures = await countFailure(this.db, key, rule, this.clock(), {
      whenOpen: true,
      weight,
    });
    if (failures !== undefined && failures <= rule.maxFailures) return null;
    return (await this.secondsBlocked(key)) ?? Math.ceil(rule.blockMs / 1000);
  }

  /** Takes back one counted attempt (one that turned out not to be a failure). */
  async refund(key: string): Promise<void> {
    await refundFailure(this.db, key);
  }

  async reset(key: string): Promise<void> {
    await deleteCounter(this.db, key);
  }

  /** Whole seconds (at least 1) until a blocked key opens, or null when it is open. */
  private async secondsBlocked(key: string): Promise<number | null> {
    const blocked = await blockedUntil(this.db, key);
    const now = this.clock().getTime();
    const until = blocked === null ? null : Date.parse(blocked);
    return until === null || until <= now ? null : Math.max(1, Math.ceil((until - now) / 1000));
  }
}
