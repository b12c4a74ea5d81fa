import {
  bankText,
  type BankRowSuggestion,
  type BankSuggestionAmount,
  type BankSuggestionReason,
} from '@sodalis/contracts';
import type { Executor } from '../../db/schema.js';
import { feesOfYears } from './dues/year-fees.js';
import { readCausale } from './bank-causale.js';
import { membersPaidFromIbans, membersToSuggest, type BankRow } from './bank-repository.js';
import { duesOfMembers } from './repository.js';
import { computeStanding, DEFAULT_STANDING_RULES } from './standing.js';

/**
 * Suggestions for the bank rows waiting for review (ADR 029, amendment of 2026-11-27): the
 * members a row may belong to, each with why (a member number among the remittance's words, the
 * member's name in the remittance or as the payer, the payer's IBAN seen on an earlier matched
 * or assigned transfer of the member) and the amount against what the member owes (open years
 * at each year's fee, `feesOfYears`). Nothing is settled here: staff confirm with the assign
 * route, which takes the member's ledger lock as every settling path does.
 */

type Candidate = Awaited<ReturnType<typeof membersToSuggest>>[number];

/** At most this many suggestions a row. */
const MAX_SUGGESTIONS = 5;

/** How much each reason weighs in the order of the suggestions. */
const WEIGHT: Record<BankSuggestionReason, number> = {
  memberNumber: 4,
  iban: 3,
  remittanceName: 2,
  payerName: 2,
};

/** The words of a text as a bank leaves them: letters and digits, upper case, no accents. */
function words(text: string | null): string[] {
  return (text ?? '')
    .split(/[\s'’`.,;:/()\-–_"“”]+/)
    .map(bankText)
    .filter((word) => word !== '');
}

/** The words a text must hold to name a member: the surname's and the first given name. */
function nameWords(member: Candidate): string[] {
  const last = words(member.last_name);
  const first = words(member.first_name)[0];
  return last.length === 0 || first === undefined ? [] : [first, ...last];
}

/** Whether `text` names the member (`nameWords`, read once per member). */
function names(textWords: ReadonlySet<string>, wanted: readonly string[]): boolean {
  return wanted.length > 0 && wanted.every((word) => textWords.has(word));
}

/**
 * The member-number keys a remittance may carry: each word of at least three letters or digits
 * (a single digit is an amount or a day more often than a member), and the number of a causale
 * whose check digits fail.
 */
function numberKeys(remittance: string): Set<string> {
  const keys = new Set(words(remittance).filter((word) => word.length >= 3 && /\d/.test(word)));
  const reading = readCausale(remittance);
  if (reading.kind !== 'none') keys.add(reading.memberKey);
  return keys;
}

/**
 * The years a confirmation assigns and the amount compared: the causale's years when they are
 * all open, else the oldest open years the amount pays exactly, else every open year.
 */
async function yearsFor(
  db: Executor,
  row: BankRow,
  member: Candidate,
  openYears: number[],
): Promise<Pick<BankRowSuggestion, 'years' | 'owedCents' | 'amount'>> {
  if (openYears.length === 0) return { years: [], owedCents: 0, amount: 'nothingOwed' };
  const fees = await feesOfYears(db, member.kind, openYears);
  const causaleYears = row.years === null ? [] : row.years.split(',').map(Number);
  const total = (years: number[]) => {
    let sum = 0;
    for (const year of years) {
      const fee = fees[openYears.indexOf(year)];
      if (fee === null || fee === undefined) return null;
      sum += fee;
    }
    return sum;
  };
  const compare = (years: number[]): Pick<BankRowSuggestion, 'years' | 'owedCents' | 'amount'> => {
    const owedCents = total(years);
    const amount: BankSuggestionAmount =
      owedCents === null
        ? 'noFee'
        : row.amount_cents === owedCents
          ? 'equal'
          : row.amount_cents < owedCents
            ? 'less'
            : 'more';
    return { years, owedCents, amount };
  };
  if (causaleYears.length > 0 && causaleYears.every((year) => openYears.includes(year))) {
    return compare(causaleYears);
  }
  for (let count = 1; count <= openYears.length; count += 1) {
    const years = openYears.slice(0, count);
    if (total(years) === row.amount_cents) return compare(years);
  }
  return compare(openYears);
}

/** The suggestions of each row waiting for review, by row id; other rows get none. */
export async function suggestMembers(
  db: Executor,
  rows: BankRow[],
  today: string,
): Promise<Map<number, BankRowSuggestion[]>> {
  const waiting = rows.filter((row) => row.status === 'review');
  const result = new Map<number, BankRowSuggestion[]>();
  if (waiting.length === 0) return result;
  const members = await membersToSuggest(db);
  const byNumber = new Map<string, Candidate>();
  for (const member of members) {
    if (member.member_number !== null) byNumber.set(bankText(member.member_number), member);
  }
  const byId = new Map(members.map((member) => [member.member_id, member]));
  const named = members.map((member) => ({ member, wanted: nameWords(member) }));
  const ibanMembers = await membersPaidFromIbans(db, [
    ...new Set(waiting.flatMap((row) => (row.payer_iban === null ? [] : [row.payer_iban]))),
  ]);

  const found = new Map<number, Map<number, Set<BankSuggestionReason>>>();
  for (const row of waiting) {
    const reasons = new Map<number, Set<BankSuggestionReason>>();
    const add = (member: Candidate | undefined, reason: BankSuggestionReason) => {
      if (member === undefined) return;
      const set = reasons.get(member.member_id) ?? new Set<BankSuggestionReason>();
      set.add(reason);
      reasons.set(member.member_id, set);
    };
    for (const key of numberKeys(row.remittance)) add(byNumber.get(key), 'memberNumber');
    const remittanceWords = new Set(words(row.remittance));
    const payerWords = new Set(words(row.payer));
    for (const { member, wanted } of named) {
      if (names(remittanceWords, wanted)) add(member, 'remittanceName');
      if (names(payerWords, wanted)) add(member, 'payerName');
    }
    for (const paid of ibanMembers) {
      if (paid.payer_iban === row.payer_iban) add(byId.get(paid.member_id), 'iban');
    }
    found.set(row.id, reasons);
  }

  const memberIds = [...new Set([...found.values()].flatMap((reasons) => [...reasons.keys()]))];
  const dues = await duesOfMembers(db, memberIds);
  for (const row of waiting) {
    const suggestions: (BankRowSuggestion & { score: number })[] = [];
    for (const [memberId, reasonSet] of found.get(row.id) ?? []) {
      const member = byId.get(memberId);
      if (member === undefined) continue;
      const ledger = dues.filter((due) => due.member_id === memberId);
      // Open years do not depend on the grace rules: the default ones serve.
      const { openYears } = computeStanding(
        {
          sinceYear: member.since_year,
          dues: new Map(ledger.map((due) => [due.year, due.status])),
        },
        today,
        DEFAULT_STANDING_RULES,
      );
      const reasons = [...reasonSet].sort((a, b) => WEIGHT[b] - WEIGHT[a] || a.localeCompare(b));
      const amount = await yearsFor(db, row, member, openYears);
      suggestions.push({
        memberId,
        memberNumber: member.member_number,
        name: `${member.first_name} ${member.last_name}`.trim(),
        email: member.email,
        reasons,
        openYears,
        ...amount,
        score:
          reasons.reduce((sum, reason) => sum + WEIGHT[reason], 0) +
          (amount.amount === 'equal' ? 1 : 0),
      });
    }
    suggestions.sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
    result.set(
      row.id,
      suggestions.slice(0, MAX_SUGGESTIONS).map(({ score: _score, ...suggestion }) => suggestion),
    );
  }
  return result;
}
