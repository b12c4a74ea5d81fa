import type {
  SegmentCondition,
  SegmentDefinition,
  SegmentGroup,
  SegmentInput,
} from '@sodalis/contracts';
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Selectable,
  type SqlBool,
} from 'kysely';
import type { Database, Executor } from '../../../db/schema.js';
import type {} from '../../events/ecm/credits/tables.js';
import type {} from '../../events/tables.js';
import type { CommunicationSegmentsTable } from './tables.js';

/**
 * The segments' queries (ADR 062): a definition becomes one `where` on `members`, each condition
 * an `exists` or a column test, so each person is one row whatever they match, and the count
 * and the recipients read the same expression.
 */

type MembersBuilder = ExpressionBuilder<Database, 'members'>;

/**
 * The members whose standing a dues condition selects, computed beforehand by the one standing
 * function (ADR 024): the standing is not SQL (ADR 062 says why and what it costs).
 */
export type DuesMembers = (condition: Extract<SegmentCondition, { field: 'dues' }>) => number[];

/** Never true: a list of no one (`in ()` is not SQL). */
function none(): Expression<SqlBool> {
  return sql<SqlBool>`1 = 0`;
}

function conditionWhere(
  eb: MembersBuilder,
  condition: SegmentCondition,
  duesMembers: DuesMembers,
): Expression<SqlBool> {
  switch (condition.field) {
    case 'role':
      return eb('members.role', 'in', condition.roles);
    case 'region':
      return eb.exists(
        eb
          .selectFrom('memberships')
          .select('memberships.member_id')
          .whereRef('memberships.member_id', '=', 'members.id')
          .where('memberships.region', 'in', condition.regions),
      );
    case 'qualification':
      // Free text of the membership: a case-blind "contains", the pattern's own % and _ escaped.
      return eb.exists(
        eb
          .selectFrom('memberships')
          .select('memberships.member_id')
          .whereRef('memberships.member_id', '=', 'members.id')
          .where(
            sql<SqlBool>`lower(memberships.qualification) like ${`%${condition.contains
              .toLowerCase()
              .replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`,
          ),
      );
    case 'profession': {
      // The national codes of ADR 059: on any registration of the person, or their own facts.
      const { professionCode, disciplineCode } = condition;
      return eb.or([
        eb.exists(
          eb
            .selectFrom('event_registrations')
            .select('event_registrations.id')
            .whereRef('event_registrations.member_id', '=', 'members.id')
            .where('event_registrations.profession_code', '=', professionCode)
            .$if(disciplineCode != null, (query) =>
              query.where('event_registrations.discipline_code', '=', disciplineCode ?? 0),
            ),
        ),
        eb.exists(
          eb
            .selectFrom('event_participants')
            .select('event_participants.member_id')
            .whereRef('event_participants.member_id', '=', 'members.id')
            .where('event_participants.profession_code', '=', professionCode)
            .$if(disciplineCode != null, (query) =>
              query.where('event_participants.discipline_code', '=', disciplineCode ?? 0),
            ),
        ),
      ]);
    }
    case 'dues': {
      const ids = duesMembers(condition);
      return ids.length === 0 ? none() : eb('members.id', 'in', ids);
    }
    case 'eventRegistration':
      return eb.exists(
        eb
          .selectFrom('event_registrations')
          .select('event_registrations.id')
          .whereRef('event_registrations.member_id', '=', 'members.id')
          .where('event_registrations.event_id', '=', condition.eventId)
          .where('event_registrations.state', 'in', condition.states),
      );
    case 'ecmCertificate': {
      const valid = eb.exists(
        eb
          .selectFrom('event_ecm_certificates')
          .select('event_ecm_certificates.id')
          .whereRef('event_ecm_certificates.member_id', '=', 'members.id')
          .where('event_ecm_certificates.event_id', '=', condition.eventId)
          .where('event_ecm_certificates.revoked_at', 'is', null),
      );
      return condition.issued ? valid : eb.not(valid);
    }
    case 'newsletter': {
      const subscribed = eb.exists(
        eb
          .selectFrom('newsletter_subscriptions')
          .select('newsletter_subscriptions.id')
          .where(sql<SqlBool>`lower(newsletter_subscriptions.email) = members.email`)
          .where('newsletter_subscriptions.status', '=', 'confirmed'),
      );
      return condition.subscribed ? subscribed : eb.not(subscribed);
    }
    case 'application':
      // The application made the account (`member_id`), or was sent with the account's e-mail.
      return eb.exists(
        eb
          .selectFrom('membership_applications')
          .select('membership_applications.id')
          .where((inner) =>
            inner.or([
              inner('membership_applications.member_id', '=', inner.ref('members.id')),
              sql<SqlBool>`lower(membership_applications.email) = members.email`,
            ]),
          )
          .where('membership_applications.status', 'in', condition.states),
      );
  }
}

function groupWhere(
  eb: MembersBuilder,
  group: SegmentGroup,
  duesMembers: DuesMembers,
): Expression<SqlBool> {
  const parts = group.conditions.map((condition) => conditionWhere(eb, condition, duesMembers));
  return group.combine === 'all' ? eb.and(parts) : eb.or(parts);
}

/** Who may receive mail at all: an active account with an e-mail. */
function reachable(eb: MembersBuilder): Expression<SqlBool> {
  return eb.and([eb('members.status', '=', 'active'), eb('members.email', '<>', '')]);
}

function segmentWhere(
  eb: MembersBuilder,
  definition: SegmentDefinition,
  duesMembers: DuesMembers,
): Expression<SqlBool> {
  const groups = definition.groups.map((group) => groupWhere(eb, group, duesMembers));
  return eb.and([reachable(eb), definition.combine === 'all' ? eb.and(groups) : eb.or(groups)]);
}

export interface SegmentRecipientRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
}

/** How many people the definition selects now. */
export async function countSegment(
  db: Executor,
  definition: SegmentDefinition,
  duesMembers: DuesMembers,
): Promise<number> {
  const row = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where((eb) => segmentWhere(eb, definition, duesMembers))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A page of the recipients, by account id after `afterId`: stable while pages are read. */
export async function segmentRecipientsAfter(
  db: Executor,
  definition: SegmentDefinition,
  duesMembers: DuesMembers,
  afterId: number,
  limit: number,
): Promise<SegmentRecipientRow[]> {
  return db
    .selectFrom('members')
    .select(['members.id', 'members.email', 'members.first_name', 'members.last_name'])
    .where((eb) => segmentWhere(eb, definition, duesMembers))
    .where('members.id', '>', afterId)
    .orderBy('members.id')
    .limit(limit)
    .execute();
}

/** The first `limit` recipients by surname and name, the staff's sample. */
export async function segmentSample(
  db: Executor,
  definition: SegmentDefinition,
  duesMembers: DuesMembers,
  limit: number,
): Promise<SegmentRecipientRow[]> {
  return db
    .selectFrom('members')
    .select(['members.id', 'members.email', 'members.first_name', 'members.last_name'])
    .where((eb) => segmentWhere(eb, definition, duesMembers))
    .orderBy('members.last_name')
    .orderBy('members.first_name')
    .orderBy('members.id')
    .limit(limit)
    .execute();
}

/** Which of `ids` meet one condition: the sample's reasons. */
export async function membersMeeting(
  db: Executor,
  condition: SegmentCondition,
  duesMembers: DuesMembers,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('members')
    .select('members.id')
    .where('members.id', 'in', ids)
    .where((eb) => conditionWhere(eb, condition, duesMembers))
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** The events a definition names that exist, with their titles. */
export async function eventTitles(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('events').select(['id', 'title']).where('id', 'in', ids).execute();
}

/** Every event, newest first: the builder's choices. */
export async function everyEvent(db: Executor) {
  return db
    .selectFrom('events')
    .select(['id', 'title'])
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Every membership's first year and its ledger up to `year` (the dues conditions). */
export async function ledgersUpTo(db: Executor, year: number) {
  const memberships = await db
    .selectFrom('memberships')
    .select(['member_id', 'since_year'])
    .where('since_year', '<=', year)
    .execute();
  const dues = await db
    .selectFrom('dues')
    .select(['member_id', 'year', 'status'])
    .where('year', '<=', year)
    .execute();
  return { memberships, dues };
}

// ---------------------------------------------------------------------------------------------
// Saved segments

export type SegmentRow = Selectable<CommunicationSegmentsTable>;

export async function listSegments(db: Executor) {
  return db
    .selectFrom('communication_segments')
    .selectAll()
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function findSegment(db: Executor, id: number) {
  return db
    .selectFrom('communication_segments')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertSegment(
  db: Executor,
  input: SegmentInput,
  by: string,
  stamp: string,
): Promise<number> {
  const row = await db
    .insertInto('communication_segments')
    .values({
      name: input.name,
      description: input.description,
      definition_json: JSON.stringify(input.definition),
      created_by: by,
      updated_by: by,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSegment(
  db: Executor,
  id: number,
  input: SegmentInput,
  by: string,
  stamp: string,
): Promise<void> {
  await db
    .updateTable('communication_segments')
    .set({
      name: input.name,
      description: input.description,
      definition_json: JSON.stringify(input.definition),
      updated_by: by,
      updated_at: stamp,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteSegment(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('communication_segments').where('id', '=', id).execute();
}
