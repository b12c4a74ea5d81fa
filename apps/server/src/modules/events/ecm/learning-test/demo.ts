import type { Executor } from '../../../../db/schema.js';
import { findEcm } from '../repository.js';
import { bankRules } from './admin-service.js';
import {
  attemptsOf,
  findTest,
  insertAttemptOnce,
  insertQuestion,
  questionsOf,
  saveAnswer,
  saveTest,
  submitAttempt,
} from './repository.js';
import { composeAttempt, scoreOf } from './rules.js';

/**
 * The demo congress's questions: 18, more than the 14 its 4.5 credits ask (3 per credit), so a
 * staff's raise of the credits up to 6 keeps the test open.
 */
const DEMO_QUESTIONS: readonly [string, [string, string, string, string], number][] = [
  [
    'Quale gruppo sanguigno è considerato donatore universale di emazie?',
    ['0 Rh negativo', 'AB Rh positivo', 'A Rh negativo', 'B Rh positivo'],
    0,
  ],
  [
    'Quale gruppo sanguigno è considerato ricevente universale di plasma?',
    ['0', 'A', 'B', 'AB'],
    0,
  ],
  [
    'Entro quanto tempo dall’inizio va sospesa una trasfusione con febbre, brividi e ipotensione?',
    ['Subito, appena compaiono i segni', 'Dopo 30 minuti', 'A fine unità', 'Mai'],
    0,
  ],
  [
    'Quale test rileva gli anticorpi legati ai globuli rossi in vivo?',
    ['Test di Coombs diretto', 'Test di Coombs indiretto', 'Emocromo', 'Tempo di protrombina'],
    0,
  ],
  [
    'A quale temperatura si conservano i concentrati piastrinici?',
    ['20–24 °C in agitazione', '2–6 °C', '−25 °C', '37 °C'],
    0,
  ],
  [
    'A quale temperatura si conservano le emazie concentrate?',
    ['2–6 °C', '20–24 °C', '−80 °C', '10–15 °C'],
    0,
  ],
  [
    'Qual è il primo pilastro del Patient Blood Management?',
    [
      'Ottimizzare l’eritropoiesi (correggere l’anemia prima dell’intervento)',
      'Trasfondere prima dell’intervento',
      'Aumentare la soglia trasfusionale',
      'Evitare gli esami preoperatori',
    ],
    0,
  ],
  [
    'Cosa indica l’acronimo TRALI?',
    [
      'Danno polmonare acuto correlato alla trasfusione',
      'Reazione allergica lieve',
      'Sovraccarico circolatorio',
      'Infezione batterica dell’unità',
    ],
    0,
  ],
  [
    'Quale componente si usa per prevenire la GvHD trasfusionale nei pazienti a rischio?',
    ['Emocomponenti irradiati', 'Plasma fresco congelato', 'Albumina', 'Crioprecipitato'],
    0,
  ],
  [
    'Il plasma fresco congelato si conserva a:',
    ['−25 °C o meno', '2–6 °C', '20–24 °C', '−5 °C'],
    0,
  ],
  [
    'Cosa si controlla al letto del paziente prima di trasfondere?',
    [
      'L’identità del paziente e la corrispondenza con l’unità',
      'Solo il gruppo dell’unità',
      'Solo la data di scadenza',
      'Nulla, basta la richiesta',
    ],
    0,
  ],
  ['Quale antigene definisce il fattore Rh positivo?', ['D', 'C', 'E', 'K'], 0],
  [
    'Per quale scopo si usa il crioprecipitato?',
    [
      'Reintegrare il fibrinogeno',
      'Aumentare l’emoglobina',
      'Aumentare le piastrine',
      'Correggere l’ipokaliemia',
    ],
    0,
  ],
  [
    'Qual è la soglia di emoglobina restrittiva comunemente raccomandata nel paziente stabile?',
    ['7–8 g/dL', '10–11 g/dL', '12–13 g/dL', '5 g/dL'],
    0,
  ],
  [
    'Quale intervallo minimo separa due donazioni di sangue intero per un uomo?',
    ['90 giorni', '30 giorni', '15 giorni', '365 giorni'],
    0,
  ],
  [
    'Che cosa si intende per emovigilanza?',
    [
      'La sorveglianza degli effetti indesiderati e degli incidenti della catena trasfusionale',
      'Il controllo delle scorte di farmaci',
      'La visita medica del donatore',
      'La conservazione del plasma',
    ],
    0,
  ],
  [
    'Quale anticorpo causa più spesso la malattia emolitica del neonato grave?',
    ['Anti-D', 'Anti-A1', 'Anti-Lea', 'Anti-P1'],
    0,
  ],
  [
    'A cosa serve la leucodeplezione degli emocomponenti?',
    [
      'Ridurre reazioni febbrili, alloimmunizzazione e trasmissione di CMV',
      'Aumentare la durata delle piastrine a 30 giorni',
      'Sostituire la tipizzazione AB0',
      'Correggere la coagulazione',
    ],
    0,
  ],
];

/**
 * The demo congress's learning test (ADR 057): a bank of 18 questions for its 4.5 credits,
 * opened by the staff; participants take it after the congress's end, until 3 days later.
 * The right option is first here; every attempt shuffles the options.
 */
export async function demoLearningTest(
  trx: Executor,
  facts: { congress: number; stamp: string },
): Promise<void> {
  const { congress, stamp } = facts;
  for (const [index, [text, options, correct]] of DEMO_QUESTIONS.entries()) {
    await insertQuestion(trx, {
      event_id: congress,
      position: index + 1,
      text,
      options: JSON.stringify(options),
      correct,
      created_at: stamp,
      updated_at: stamp,
    });
  }
  await saveTest(trx, {
    event_id: congress,
    questions_per_attempt: null,
    closes_at: null,
    opened_at: stamp,
    updated_at: stamp,
  });
}

/**
 * A demo participant's first attempt, handed in at `at` with the first `rightOnes` questions
 * answered right and the others wrong: drawn and scored by the test's own rules (ADR 057).
 */
export async function demoAttempt(
  trx: Executor,
  facts: { eventId: number; registrationId: number; rightOnes: number; at: string },
): Promise<void> {
  const { eventId, registrationId, rightOnes, at } = facts;
  const [ecm, test, rows] = await Promise.all([
    findEcm(trx, eventId),
    findTest(trx, eventId),
    questionsOf(trx, eventId),
  ]);
  if (ecm === undefined) return;
  const bank = rows.map((row) => ({
    id: row.id,
    text: row.text,
    options: JSON.parse(row.options) as string[],
    correct: row.correct,
  }));
  const seed = registrationId * 7919;
  const questions = composeAttempt({
    bank,
    perAttempt: bankRules(ecm, test, bank.length).perAttempt ?? bank.length,
    attemptsAllowed: ecm.attempts,
    previous: null,
    seed,
  });
  await insertAttemptOnce(trx, {
    event_id: eventId,
    registration_id: registrationId,
    number: 1,
    seed,
    questions: JSON.stringify(questions),
    started_at: at,
    submitted_at: null,
    correct_count: null,
    total: questions.length,
    passed: null,
  });
  const [attempt] = await attemptsOf(trx, registrationId);
  if (attempt === undefined) return;
  const answers = new Map<number, number>();
  for (const [position, question] of questions.entries()) {
    const choice = position < rightOnes ? question.correct : (question.correct + 1) % 4;
    answers.set(position, choice);
    await saveAnswer(trx, { attempt_id: attempt.id, position, choice, answered_at: at });
  }
  const score = scoreOf(questions, answers, ecm.pass_mark);
  await submitAttempt(trx, attempt.id, {
    submitted_at: at,
    correct_count: score.correct,
    passed: score.passed ? 1 : 0,
  });
}
