import {
  COMMUNICATION_CATEGORIES,
  type AdminCommunicationPreferences,
  communicationCategory,
  isTicked,
  type CommunicationCategory,
  type CommunicationCategoryCode,
  type CommunicationChoiceChange,
  type CommunicationChoiceChannel,
  type CommunicationPreference,
  type CommunicationPreferencesInput,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database, Executor } from '../../../db/schema.js';
import { AppError } from '../../../http/app-error.js';
import type { Clock } from '../../../text/dates.js';
import { writeAudit, type Actor } from '../../admin/audit.js';
import {
  addressChoices,
  addressesChoicesOf,
  insertHistory,
  memberChoices,
  memberEmail,
  memberExists,
  memberHistory,
  memberIdByEmail,
  membersChoicesOf,
  membersWithAddressOptOut,
  subscriptionEmail,
  upsertAddressChoice,
  upsertMemberChoice,
  type HistoryRow,
} from './repository.js';
import type { UnsubscribeLinks, UnsubscribeTarget } from './unsubscribe-links.js';

/**
 * Each person's choices of the categories of mail (ADR 061). A member's choice is a flag of the
 * member (kept by id, whatever address the member has then), an address's is kept by address
 * for people who are no member (newsletter subscribers). Before any choice the category's
 * default holds: the opt-out categories on, the consent ones off. What a campaign may send is
 * asked here and only here (`mayReceive`, `membersWhoMayReceive`, `addressesWhoMayReceive`), so
 * no segment can bring back someone who left. Transactional mail never asks.
 */
export class CommunicationChoices {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      clock: Clock;
      logger: Logger;
      links: UnsubscribeLinks;
    },
  ) {}

  /** Every category with the member's current choice, in the reference's order. */
  async preferencesOfMember(
    memberId: number,
    db: Executor = this.deps.db,
  ): Promise<CommunicationPreference[]> {
    const rows = await memberChoices(db, memberId);
    const addressOptOuts = await this.addressOptOutsOfMember(db, memberId);
    return COMMUNICATION_CATEGORIES.map((category) => {
      const row = rows.find((choice) => choice.category === category.code);
      const left = addressOptOuts.has(category.code) && category.changeable;
      return preference(
        category,
        left ? false : row === undefined ? category.defaultOn : row.subscribed === 1,
        row,
      );
    });
  }

  /** A member's preferences and changes, newest first (the back office's record). */
  async adminRecord(memberId: number): Promise<AdminCommunicationPreferences> {
    if (!(await memberExists(this.deps.db, memberId))) throw new AppError('notFound');
    return {
      preferences: await this.preferencesOfMember(memberId),
      history: (await memberHistory(this.deps.db, memberId)).map(changeOf),
    };
  }

  /**
   * May this person receive mail of `category`? A member: their choice, else the default; and
   * no, too, when their current address left the category by an address's link (an unsubscribe
   * works for any address a message reached). An address: the member's answer when it is a
   * member's, else the address's choice or its default.
   */
  async mayReceive(
    recipient: { memberId: number } | { email: string },
    category: CommunicationCategoryCode,
  ): Promise<boolean> {
    if ('memberId' in recipient) {
      return (await this.membersWhoMayReceive([recipient.memberId], category)).has(
        recipient.memberId,
      );
    }
    const email = recipient.email.trim().toLowerCase();
    const memberId = await memberIdByEmail(this.deps.db, email);
    if (memberId !== undefined) return this.mayReceive({ memberId }, category);
    return (await this.addressesWhoMayReceive([email], category)).has(email);
  }

  /** Of `memberIds`, those who may receive `category`: a campaign's filter, in bulk. */
  async membersWhoMayReceive(
    memberIds: readonly number[],
    category: CommunicationCategoryCode,
  ): Promise<Set<number>> {
    const definition = categoryOf(category);
    const ids = [...new Set(memberIds)];
    if (!definition.changeable) return new Set(ids);
    const choices = new Map(
      (await membersChoicesOf(this.deps.db, ids, category)).map((row) => [
        row.member_id,
        row.subscribed === 1,
      ]),
    );
    const leftByAddress = new Set(await membersWithAddressOptOut(this.deps.db, ids, category));
    return new Set(
      ids.filter((id) => !leftByAddress.has(id) && (choices.get(id) ?? definition.defaultOn)),
    );
  }

  /**
   * Of `emails` (addresses that are no member's: newsletter subscribers), those that may
   * receive `category`, lower-cased. A member's address must be asked by the member's id.
   */
  async addressesWhoMayReceive(
    emails: readonly string[],
    category: CommunicationCategoryCode,
  ): Promise<Set<string>> {
    const definition = categoryOf(category);
    const addresses = [...new Set(emails.map((email) => email.trim().toLowerCase()))];
    if (!definition.changeable) return new Set(addresses);
    const choices = new Map(
      (await addressesChoicesOf(this.deps.db, addresses, category)).map((row) => [
        row.email,
        row.subscribed === 1,
      ]),
    );
    return new Set(addresses.filter((email) => choices.get(email) ?? definition.addressDefaultOn));
  }

  /** The member's own choices from the profile's form: every changeable category it shows. */
  async saveOwnChoices(
    memberId: number,
    input: CommunicationPreferencesInput,
  ): Promise<CommunicationPreference[]> {
    await this.deps.db.transaction().execute(async (trx) => {
      await this.applyChoices(trx, memberId, input, 'profilo', null, null);
    });
    return this.preferencesOfMember(memberId);
  }

  /** The staff's change of a member's choices, with its reason, audited. */
  async saveChoicesAsStaff(
    actor: Actor,
    memberId: number,
    input: CommunicationPreferencesInput,
    reason: string,
  ): Promise<AdminCommunicationPreferences> {
    if (!(await memberExists(this.deps.db, memberId))) throw new AppError('notFound');
    const before = await this.preferencesOfMember(memberId);
    await this.deps.db.transaction().execute(async (trx) => {
      const changed = await this.applyChoices(trx, memberId, input, 'segreteria', actor.id, reason);
      if (changed.length === 0) return;
      await writeAudit(
        trx,
        actor,
        {
          action: 'modifica preferenze di comunicazione',
          entity: 'communication_preferences',
          entityId: memberId,
          summary: `Preferenze di comunicazione modificate: ${reason}`,
          before: auditView(before.filter((item) => changed.includes(item.code))),
          after: Object.fromEntries(
            changed.map((code) => [nameOf(code), isTicked(input.categories[code]) ? 'sì' : 'no']),
          ),
        },
        this.deps.clock(),
      );
    });
    return this.adminRecord(memberId);
  }

  /** What the link's page shows before anything changes (a GET changes nothing). */
  async linkState(token: string): Promise<UnsubscribeLinkState> {
    const target = this.deps.links.verify(token);
    if (target === null) return { kind: 'invalid' };
    const category = categoryOf(target.category);
    if (!category.changeable) return { kind: 'institutional', category };
    const subscribed = await this.targetSubscribed(target);
    if (subscribed === null) return { kind: 'invalid' };
    return { kind: subscribed ? 'subscribed' : 'left', category };
  }

  /** The one-click unsubscribe (RFC 8058): the person leaves the category at once. */
  async unsubscribeByLink(token: string): Promise<UnsubscribeLinkState> {
    const target = this.deps.links.verify(token);
    if (target === null) return { kind: 'invalid' };
    const category = categoryOf(target.category);
    if (!category.changeable) return { kind: 'institutional', category };
    const now = this.deps.clock().toISOString();
    const done = await this.deps.db.transaction().execute(async (trx) => {
      const { recipient } = target;
      if ('memberId' in recipient) {
        if (!(await memberExists(trx, recipient.memberId))) return false;
        await this.recordMemberChoice(trx, recipient.memberId, category.code, false, 'link', now);
        return true;
      }
      const email = await subscriptionEmail(trx, recipient.subscriptionId);
      if (email === undefined) return false;
      await upsertAddressChoice(trx, {
        email,
        category: category.code,
        subscribed: 0,
        channel: 'link',
        changed_at: now,
      });
      await insertHistory(trx, {
        member_id: null,
        email,
        category: category.code,
        subscribed: 0,
        channel: 'link',
        reason: null,
        changed_by: null,
        changed_at: now,
      });
      return true;
    });
    if (!done) return { kind: 'invalid' };
    this.deps.logger.info(
      { category: category.code, recipient: target.recipient },
      'disiscrizione da una categoria con il link',
    );
    return { kind: 'left', category };
  }

  /** Whether the link's person receives its category now; null when the person is gone. */
  private async targetSubscribed(target: UnsubscribeTarget): Promise<boolean | null> {
    const { recipient } = target;
    if ('memberId' in recipient) {
      if (!(await memberExists(this.deps.db, recipient.memberId))) return null;
      return this.mayReceive(recipient, target.category);
    }
    const email = await subscriptionEmail(this.deps.db, recipient.subscriptionId);
    if (email === undefined) return null;
    const memberId = await memberIdByEmail(this.deps.db, email);
    // The address's own choice: a link of a subscription leaves by address.
    const own = (await addressChoices(this.deps.db, email)).find(
      (row) => row.category === target.category,
    );
    if (own !== undefined && own.subscribed === 0) return false;
    if (memberId !== undefined) return this.mayReceive({ memberId }, target.category);
    return own === undefined ? categoryOf(target.category).addressDefaultOn : own.subscribed === 1;
  }

  /** Writes the changed choices of the changeable categories; answers the codes changed. */
  private async applyChoices(
    trx: Executor,
    memberId: number,
    input: CommunicationPreferencesInput,
    channel: CommunicationChoiceChannel,
    changedBy: number | null,
    reason: string | null,
  ): Promise<CommunicationCategoryCode[]> {
    for (const code of Object.keys(input.categories)) {
      const category = communicationCategory(code);
      if (category === undefined) {
        throw new AppError('invalidRequest', [
          { path: `categories.${code}`, message: 'Categoria di comunicazione sconosciuta.' },
        ]);
      }
      if (!category.changeable && !isTicked(input.categories[code])) {
        throw new AppError('invalidRequest', [
          {
            path: `categories.${code}`,
            message: `Le «${category.name}» non si possono disattivare finché si è soci.`,
          },
        ]);
      }
    }
    const current = await this.preferencesOfMember(memberId, trx);
    const now = this.deps.clock().toISOString();
    const changed: CommunicationCategoryCode[] = [];
    for (const item of current) {
      if (!item.changeable) continue;
      const wanted = isTicked(input.categories[item.code]);
      if (wanted === item.subscribed) continue;
      await this.recordMemberChoice(trx, memberId, item.code, wanted, channel, now, {
        changedBy,
        reason,
      });
      changed.push(item.code);
    }
    return changed;
  }

  private async recordMemberChoice(
    trx: Executor,
    memberId: number,
    category: CommunicationCategoryCode,
    subscribed: boolean,
    channel: CommunicationChoiceChannel,
    now: string,
    by: { changedBy: number | null; reason: string | null } = { changedBy: null, reason: null },
  ): Promise<void> {
    const flag = subscribed ? 1 : 0;
    await upsertMemberChoice(trx, {
      member_id: memberId,
      category,
      subscribed: flag,
      channel,
      changed_at: now,
    });
    // Opting back in from the profile lifts an earlier address's opt-out of the member's own
    // address: the member has chosen again, signed in.
    if (subscribed) {
      const email = await memberEmail(trx, memberId);
      if (email !== undefined) {
        const own = (await addressChoices(trx, email)).find((row) => row.category === category);
        if (own !== undefined && own.subscribed === 0) {
          await upsertAddressChoice(trx, { ...own, subscribed: 1, channel, changed_at: now });
        }
      }
    }
    await insertHistory(trx, {
      member_id: memberId,
      email: null,
      category,
      subscribed: flag,
      channel,
      reason: by.reason,
      changed_by: by.changedBy,
      changed_at: now,
    });
  }

  private async addressOptOutsOfMember(db: Executor, memberId: number): Promise<Set<string>> {
    const email = await memberEmail(db, memberId);
    if (email === undefined) return new Set();
    return new Set(
      (await addressChoices(db, email))
        .filter((row) => row.subscribed === 0)
        .map((row) => row.category),
    );
  }
}

/** What the unsubscribe link's page says. */
export type UnsubscribeLinkState =
  | { kind: 'invalid' }
  | { kind: 'institutional'; category: CommunicationCategory }
  | { kind: 'subscribed' | 'left'; category: CommunicationCategory };

function categoryOf(code: CommunicationCategoryCode): CommunicationCategory {
  const category = communicationCategory(code);
  if (category === undefined) throw new Error(`Categoria sconosciuta: ${code}`);
  return category;
}

function nameOf(code: CommunicationCategoryCode): string {
  return categoryOf(code).name;
}

function preference(
  category: CommunicationCategory,
  subscribed: boolean,
  row: { channel: string; changed_at: string } | undefined,
): CommunicationPreference {
  return {
    code: category.code,
    name: category.name,
    description: category.description,
    legalBasisText: category.legalBasisText,
    changeable: category.changeable,
    subscribed,
    changedAt: row?.changed_at ?? null,
    changedBy: (row?.channel as CommunicationChoiceChannel | undefined) ?? null,
  };
}

function changeOf(row: HistoryRow): CommunicationChoiceChange {
  return {
    code: row.category as CommunicationCategoryCode,
    subscribed: row.subscribed === 1,
    channel: row.channel as CommunicationChoiceChannel,
    reason: row.reason,
    changedAt: row.changed_at,
  };
}

function auditView(items: CommunicationPreference[]): Record<string, string> {
  return Object.fromEntries(items.map((item) => [item.name, item.subscribed ? 'sì' : 'no']));
}
