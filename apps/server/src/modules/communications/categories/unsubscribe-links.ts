import { createHmac, timingSafeEqual } from 'node:crypto';
import { communicationCategory, type CommunicationCategoryCode } from '@sodalis/contracts';
import { deriveKey } from '../../../security/totp.js';

/**
 * The signed one-click unsubscribe links (ADR 061, RFC 8058). A link names a recipient and a
 * category and carries an HMAC-SHA256 of both, with a key derived from the server's secret
 * (JWT_SECRET or DATA_DIR/jwt-secret) for this purpose only, as the two-factor keys are
 * (ADR 017): a link cannot be forged, nor turned to another person or category. The recipient
 * is a member's id or a newsletter subscription's id, never the e-mail. Links do not expire:
 * a message in a mailbox must unsubscribe years later (RFC 8058 asks the link to keep working);
 * changing the server's secret invalidates them all.
 */

/** Whom a message goes to: a member (any account), or a newsletter subscriber who is none. */
export type CommunicationRecipient = { memberId: number } | { subscriptionId: number };

/** The path of the links' page at the site's root. */
export const UNSUBSCRIBE_PATH = '/disiscrizione';

/** Bytes of the HMAC kept in the link: 128 bits, beyond any guessing. */
const SIGNATURE_BYTES = 16;

/** What a valid token names. */
export interface UnsubscribeTarget {
  recipient: CommunicationRecipient;
  category: CommunicationCategoryCode;
}

export class UnsubscribeLinks {
  private readonly key: Buffer;

  constructor(
    serverSecret: Uint8Array,
    private readonly publicBaseUrl: string,
  ) {
    this.key = deriveKey(serverSecret, 'communications-unsubscribe-link');
  }

  /** `m12.promozione-eventi.<signature>` or `n7.…` for a newsletter subscription. */
  token(recipient: CommunicationRecipient, category: CommunicationCategoryCode): string {
    const body = `${recipientPart(recipient)}.${category}`;
    return `${body}.${this.sign(body)}`;
  }

  /** The link's address, absolute (it is read in a mailbox). */
  url(recipient: CommunicationRecipient, category: CommunicationCategoryCode): string {
    return `${this.publicBaseUrl.replace(/\/+$/, '')}${UNSUBSCRIBE_PATH}/${this.token(recipient, category)}`;
  }

  /** What a token names, or null when it is malformed, altered or of an unknown category. */
  verify(token: string): UnsubscribeTarget | null {
    const match = /^([mn])([1-9][0-9]{0,14})\.([a-z-]{1,60})\.([A-Za-z0-9_-]{1,64})$/.exec(token);
    if (match === null) return null;
    const [, kind, id, code, signature] = match as unknown as [
      string,
      string,
      string,
      string,
      string,
    ];
    const expected = Buffer.from(this.sign(`${kind}${id}.${code}`), 'utf8');
    const given = Buffer.from(signature, 'utf8');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const category = communicationCategory(code);
    if (category === undefined) return null;
    const number = Number(id);
    return {
      recipient: kind === 'm' ? { memberId: number } : { subscriptionId: number },
      category: category.code,
    };
  }

  /**
   * A message's unsubscribe headers for its recipient and category (RFC 2369 §3.2, RFC 8058
   * §3.1): the https link, and the one-click POST's marker. A category nobody may leave
   * (institutional) gets the link alone, without the one-click marker: its page explains why it
   * cannot be left, and a mailbox provider's one-click POST would promise what it cannot do.
   * No `mailto:` address: the society reads no mailbox for unsubscribes.
   */
  headers(
    recipient: CommunicationRecipient,
    category: CommunicationCategoryCode,
  ): Record<string, string> {
    const link = `<${this.url(recipient, category)}>`;
    const changeable = communicationCategory(category)?.changeable ?? false;
    return changeable
      ? { 'List-Unsubscribe': link, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
      : { 'List-Unsubscribe': link };
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key)
      .update(body)
      .digest()
      .subarray(0, SIGNATURE_BYTES)
      .toString('base64url');
  }
}

function recipientPart(recipient: CommunicationRecipient): string {
  return 'memberId' in recipient ? `m${recipient.memberId}` : `n${recipient.subscriptionId}`;
}
