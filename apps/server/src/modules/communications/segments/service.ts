import {
  romeDate,
  segmentConditionText,
  segmentCountText,
  SEGMENT_SAMPLE_SIZE,
  type DueStatus,
  type SegmentCondition,
  type SegmentDefinition,
  type SegmentPreview,
  type Standing,
} from '@sodalis/contracts';
import type { Executor } from '../../../db/schema.js';
import { AppError } from '../../../http/app-error.js';
import type { Clock } from '../../../text/dates.js';
import { standingDate } from '../../membership/dues-report.js';
import { computeStanding, type StandingRules } from '../../membership/standing.js';
import {
  countSegment,
  eventTitles,
  ledgersUpTo,
  membersMeeting,
  segmentRecipientsAfter,
  segmentSample,
  type DuesMembers,
} from './repository.js';

export interface SegmentsDeps {
  db: Executor;
  clock: Clock;
  /** The statute's rules of the standing, the membership's own (ADR 024). */
  rules: StandingRules;
}

/** One recipient of a segment now, for the campaigns. */
export interface SegmentRecipient {
  memberId: number;
  email: string;
  firstName: string;
  lastName: string;
}

/** Recipients read per query by `recipients()`. */
export const SEGMENT_PAGE_SIZE = 500;

type DuesCondition = Extract<SegmentCondition, { field: 'dues' }>;

function conditionsOf(definition: SegmentDefinition): SegmentCondition[] {
  return definition.groups.flatMap((group) => group.conditions);
}

/**
 * A definition's recipients now (ADR 062): computed from the members, their memberships, dues,
 * registrations, certificates, newsletter and applications at the moment of asking, never
 * stored. Every method takes a definition already parsed by `SegmentDefinitionSchema`.
 */
export class SegmentsService {
  constructor(private readonly deps: SegmentsDeps) {}

  /**
   * Refuses, with an Italian message naming the field, what the schema cannot know: an event
   * that does not exist, a dues year still to come. `path` is where the definition sits in the
   * request's body (empty: the body is the definition).
   */
  async check(definition: SegmentDefinition, path = ''): Promise<void> {
    const currentYear = Number(romeDate(this.deps.clock()).slice(0, 4));
    const eventIds = conditionsOf(definition).flatMap((condition) =>
      condition.field === 'eventRegistration' || condition.field === 'ecmCertificate'
        ? [condition.eventId]
        : [],
    );
    const known = new Set((await eventTitles(this.deps.db, eventIds)).map((event) => event.id));
    const issues: { path: string; message: string }[] = [];
    definition.groups.forEach((group, groupIndex) => {
      group.conditions.forEach((condition, index) => {
        const at = `${path === '' ? '' : `${path}.`}groups.${groupIndex}.conditions.${index}`;
        if (
          (condition.field === 'eventRegistration' || condition.field === 'ecmCertificate') &&
          !known.has(condition.eventId)
        ) {
          issues.push({ path: `${at}.eventId`, message: 'Evento inesistente.' });
        }
        if (condition.field === 'dues' && condition.year > currentYear) {
          issues.push({
            path: `${at}.year`,
            message: `L’anno delle quote non può essere dopo il ${currentYear}.`,
          });
        }
      });
    });
    if (issues.length > 0) throw new AppError('invalidRequest', issues);
  }

  /**
   * The members each dues condition selects, by the one standing function (ADR 024) on the day
   * the dues report reads that year on; one read of the ledger per year named.
   */
  private async duesMembers(definition: SegmentDefinition): Promise<DuesMembers> {
    const today = romeDate(this.deps.clock());
    const years = new Set(
      conditionsOf(definition).flatMap((condition) =>
        condition.field === 'dues' ? [condition.year] : [],
      ),
    );
    const standingsByYear = new Map<number, Map<number, Standing>>();
    for (const year of years) {
      const { memberships, dues } = await ledgersUpTo(this.deps.db, year);
      const ledgers = new Map<number, Map<number, DueStatus>>();
      for (const due of dues) {
        const ledger = ledgers.get(due.member_id) ?? new Map<number, DueStatus>();
        ledger.set(due.year, due.status);
        ledgers.set(due.member_id, ledger);
      }
      const asOf = standingDate(year, today);
      standingsByYear.set(
        year,
        new Map(
          memberships.map((membership) => [
            membership.member_id,
            computeStanding(
              {
                sinceYear: membership.since_year,
                dues: ledgers.get(membership.member_id) ?? new Map(),
              },
              asOf,
              this.deps.rules,
            ).standing,
          ]),
        ),
      );
    }
    return (condition: DuesCondition) => {
      const wanted = new Set<Standing>(condition.standings);
      return [...(standingsByYear.get(condition.year) ?? new Map<number, Standing>())]
        .filter(([, standing]) => wanted.has(standing))
        .map(([memberId]) => memberId)
        .sort((a, b) => a - b);
    };
  }

  /** How many people the definition selects now. */
  async count(definition: SegmentDefinition): Promise<number> {
    return countSegment(this.deps.db, definition, await this.duesMembers(definition));
  }

  /**
   * The recipients now, each once, by account id, a page of `pageSize` per query: a campaign
   * of thousands reads a page at a time. The dues standings are computed once, at the start.
   */
  async *recipients(
    definition: SegmentDefinition,
    pageSize = SEGMENT_PAGE_SIZE,
  ): AsyncGenerator<SegmentRecipient> {
    const duesMembers = await this.duesMembers(definition);
    let afterId = 0;
    for (;;) {
      const page = await segmentRecipientsAfter(
        this.deps.db,
        definition,
        duesMembers,
        afterId,
        pageSize,
      );
      for (const row of page) {
        yield {
          memberId: row.id,
          email: row.email,
          firstName: row.first_name,
          lastName: row.last_name,
        };
      }
      const last = page.at(-1);
      if (last === undefined || page.length < pageSize) return;
      afterId = last.id;
    }
  }

  /** The live count and a sample, each person with the conditions they meet. */
  async preview(definition: SegmentDefinition): Promise<SegmentPreview> {
    const { db } = this.deps;
    const duesMembers = await this.duesMembers(definition);
    const count = await countSegment(db, definition, duesMembers);
    const sample = await segmentSample(db, definition, duesMembers, SEGMENT_SAMPLE_SIZE);
    const ids = sample.map((row) => row.id);
    const conditions = conditionsOf(definition);
    const titles = new Map(
      (
        await eventTitles(
          db,
          conditions.flatMap((condition) =>
            'eventId' in condition ? [condition.eventId] : ([] as number[]),
          ),
        )
      ).map((event) => [event.id, `«${event.title}»`]),
    );
    const reasons = new Map<number, string[]>(ids.map((id) => [id, []]));
    for (const condition of conditions) {
      const text = segmentConditionText(
        condition,
        (id) => titles.get(id) ?? `evento n. ${String(id)}`,
      );
      for (const id of await membersMeeting(db, condition, duesMembers, ids)) {
        reasons.get(id)?.push(text);
      }
    }
    return {
      count,
      countText: segmentCountText(count),
      sample: sample.map((row) => ({
        memberId: row.id,
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        reasons: reasons.get(row.id) ?? [],
      })),
    };
  }
}
