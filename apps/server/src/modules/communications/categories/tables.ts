import type { Generated } from 'kysely';

/**
 * Each person's choices of the categories of mail (migration 0063, ADR 061). `subscribed` is
 * 1 or 0; `channel` is `profilo`, `link` or `segreteria`.
 */

/** A member's choice of one category: present only once the member (or the staff) chose. */
export interface CommunicationChoicesTable {
  member_id: number;
  category: string;
  subscribed: number;
  channel: string;
  changed_at: string;
}

/** The choice of an address that is no member's (a newsletter subscriber's), lower-cased. */
export interface CommunicationAddressChoicesTable {
  email: string;
  category: string;
  subscribed: number;
  channel: string;
  changed_at: string;
}

/** Every change of a choice, the member's or the address's, with the staff's reason. */
export interface CommunicationChoiceHistoryTable {
  id: Generated<number>;
  member_id: number | null;
  email: string | null;
  category: string;
  subscribed: number;
  channel: string;
  reason: string | null;
  changed_by: number | null;
  changed_at: string;
}

declare module '../../../db/schema.js' {
  interface Database {
    communication_choices: CommunicationChoicesTable;
    communication_address_choices: CommunicationAddressChoicesTable;
    communication_choice_history: CommunicationChoiceHistoryTable;
  }
}
