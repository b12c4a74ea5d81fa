import { newQuestionsRequired } from '@sodalis/contracts';

/**
 * The learning test's pure rules (ADR 057): which questions an attempt shows and in what order,
 * its options' order, and the score. Seeded, so an attempt is reproducible from its seed; the
 * attempt stores what it showed all the same (a bank edited later never changes it).
 */

/** A question of the bank as an attempt draws it. */
export interface BankQuestion {
  id: number;
  text: string;
  options: readonly string[];
  correct: number;
}

/** A question as an attempt stores it: options in the order shown, the right one's index there. */
export interface ShownQuestion {
  questionId: number;
  text: string;
  options: string[];
  correct: number;
}

/** A small seeded generator (mulberry32): the same seed gives the same sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates with the seeded generator. */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const list = [...items];
  for (let index = list.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [list[index], list[other]] = [list[other] as T, list[index] as T];
  }
  return list;
}

/**
 * The questions of a new attempt: `perAttempt` drawn from the bank, in a shuffled order, each
 * with its options shuffled. When more than 5 attempts are allowed, at least a third of them
 * (`ceil(n/3)`) are questions the previous attempt did not show (the FAD rule); the opening
 * check makes sure the bank has them.
 */
export function composeAttempt(input: {
  bank: readonly BankQuestion[];
  perAttempt: number;
  attemptsAllowed: number;
  previous: readonly number[] | null;
  seed: number;
}): ShownQuestion[] {
  const { bank, perAttempt, attemptsAllowed, previous, seed } = input;
  const random = seededRandom(seed);
  const count = Math.min(perAttempt, bank.length);
  const seen = new Set(previous ?? []);
  const needNew = previous === null ? 0 : newQuestionsRequired(attemptsAllowed, perAttempt);
  const fresh = shuffled(
    bank.filter((question) => !seen.has(question.id)),
    random,
  ).slice(0, needNew);
  const taken = new Set(fresh.map((question) => question.id));
  const rest = shuffled(
    bank.filter((question) => !taken.has(question.id)),
    random,
  ).slice(0, count - fresh.length);
  return shuffled([...fresh, ...rest], random).map((question) => {
    const order = shuffled([0, 1, 2, 3].slice(0, question.options.length), random);
    return {
      questionId: question.id,
      text: question.text,
      options: order.map((index) => question.options[index] ?? ''),
      correct: order.indexOf(question.correct),
    };
  });
}

/** The score of an attempt: right answers, their %, and whether it reaches the pass mark. */
export function scoreOf(
  questions: readonly ShownQuestion[],
  answers: ReadonlyMap<number, number>,
  passMark: number,
): { correct: number; total: number; percent: number; passed: boolean } {
  const total = questions.length;
  const correct = questions.filter(
    (question, position) => answers.get(position) === question.correct,
  ).length;
  return {
    correct,
    total,
    percent: percentOf(correct, total),
    // Integer arithmetic: exactly the pass mark passes (15 of 20 at 75%).
    passed: total > 0 && correct * 100 >= passMark * total,
  };
}

/** Right answers as a percentage with one decimal. */
export function percentOf(correct: number, total: number): number {
  return total === 0 ? 0 : Math.round((1000 * correct) / total) / 10;
}
