import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creditDecision,
  type CreditFacts,
} from '../../../src/modules/events/ecm/credits/decision.js';
import { ecmPresence } from '../../../src/modules/events/ecm/presence.js';
import {
  agenasParticipantsXml,
  type ReportEdition,
  type ReportPerson,
} from '../../../src/modules/events/ecm/report/agenas-xml.js';

const SCHEMA = fileURLToPath(
  new URL('../../../src/modules/events/ecm/report/agenas-participants.xsd', import.meta.url),
);

const reached = ecmPresence({ minutesPresent: 228, eventMinutes: 240 }, [], 90);
const short = ecmPresence({ minutesPresent: 173, eventMinutes: 240 }, [], 90);
const passed = {
  bestScore: 80,
  passedAt: '2027-01-28T14:00:00Z',
  attemptsUsed: 1,
  attemptsAllowed: 1,
};
const everything: CreditFacts = {
  professionReason: null,
  presence: reached,
  test: passed,
  passMark: 75,
  questionnaireAt: '2027-01-28T14:10:00Z',
};
const unmet = (facts: CreditFacts) =>
  creditDecision(facts)
    .checks.filter((check) => !check.met)
    .map((check) => [check.condition, check.text]);

describe('the credit decision (ADR 060)', () => {
  it('earns the credits only with the four conditions, and says each one met', () => {
    const decision = creditDecision(everything);
    expect(decision.earned).toBe(true);
    expect(decision.checks.map((check) => [check.condition, check.met, check.text])).toEqual([
      ['profession', true, 'Professione e disciplina accreditate'],
      ['attendance', true, 'Presenza 95% (soglia 90%)'],
      ['test', true, 'Test superato con il 80% (soglia 75%)'],
      ['questionnaire', true, 'Questionario di gradimento compilato'],
    ]);
  });

  it('a profession or discipline not accredited: no credits, the reason said', () => {
    const reason = 'La tua disciplina (Cardiologia) non è tra quelle accreditate per questo evento';
    expect(creditDecision({ ...everything, professionReason: reason }).earned).toBe(false);
    expect(unmet({ ...everything, professionReason: reason })).toEqual([['profession', reason]]);
  });

  it('attendance short of the threshold: no credits, the percentage against the threshold', () => {
    expect(unmet({ ...everything, presence: short })).toEqual([
      ['attendance', 'Presenza 72,1% su 90% richiesto'],
    ]);
  });

  it('the test not taken, failed with attempts left, failed with none left', () => {
    const notTaken = { bestScore: null, passedAt: null, attemptsUsed: 0, attemptsAllowed: 1 };
    expect(unmet({ ...everything, test: notTaken })).toEqual([
      ['test', 'Test di apprendimento non ancora svolto'],
    ]);
    const failedOnce = { bestScore: 60, passedAt: null, attemptsUsed: 1, attemptsAllowed: 3 };
    expect(unmet({ ...everything, test: failedOnce })).toEqual([
      ['test', 'Test non superato (60% su 75% richiesto): restano 2 tentativi'],
    ]);
    const lastOne = { ...failedOnce, attemptsUsed: 2 };
    expect(unmet({ ...everything, test: lastOne })).toEqual([
      ['test', 'Test non superato (60% su 75% richiesto): resta 1 tentativo'],
    ]);
    const exhausted = { ...failedOnce, attemptsUsed: 3 };
    expect(unmet({ ...everything, test: exhausted })).toEqual([
      ['test', 'Test non superato (60% su 75% richiesto): tentativi esauriti'],
    ]);
  });

  it('the questionnaire missing: no credits', () => {
    expect(unmet({ ...everything, questionnaireAt: null })).toEqual([
      ['questionnaire', 'Questionario di gradimento non ancora compilato'],
    ]);
  });

  it('every condition missing: all four said at once', () => {
    const decision = creditDecision({
      professionReason: 'Professione non accreditata',
      presence: short,
      test: { bestScore: null, passedAt: null, attemptsUsed: 0, attemptsAllowed: 1 },
      passMark: 75,
      questionnaireAt: null,
    });
    expect(decision.earned).toBe(false);
    expect(decision.checks.every((check) => !check.met)).toBe(true);
  });
});

describe('the participants’ report to Age.Na.S. (ADR 060)', () => {
  const edition: ReportEdition = {
    providerCode: '1234',
    eventCode: '412345',
    edition: 2,
    type: 'congresso',
    startsOn: '2027-01-21',
    endsOn: '2027-01-23',
    creditsTenths: 45,
  };
  const person: ReportPerson = {
    fiscalCode: 'RSSMRA80A01H501U',
    lastName: 'D’Amico & <Figli>',
    firstName: 'Zoë "Z"',
    role: 'partecipante',
    professionCode: 1,
    disciplineCode: 47,
    employment: 'dipendente',
    creditsTenths: 45,
    earnedOn: '2027-01-23',
    recruited: true,
    sponsor: 'Farmaceutica S.p.A.',
  };
  const dir = mkdtempSync(join(tmpdir(), 'sodalis-agenas-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  beforeAll(() => {
    try {
      execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
    } catch {
      throw new Error('Manca xmllint: installalo con «apt-get install libxml2-utils» (README).');
    }
  });
  /** xmllint's verdict against the schema: "validates" or its errors. */
  function validate(xml: string): string {
    const file = join(dir, `${Math.random().toString(36).slice(2)}.xml`);
    writeFileSync(file, xml);
    try {
      return execFileSync('xmllint', ['--noout', '--schema', SCHEMA, file], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      return String((error as { stderr?: string }).stderr);
    }
  }

  it('writes participants and speakers in the schema’s layout, every value escaped', () => {
    const xml = agenasParticipantsXml(edition, [
      person,
      {
        ...person,
        fiscalCode: 'BNCLCU75B41F205X',
        lastName: 'Bianchi',
        firstName: 'Lucia',
        role: 'docente',
        employment: 'libero-professionista',
        creditsTenths: 20,
        recruited: false,
        sponsor: null,
      },
    ]);
    expect(validate(xml)).toBe('');
    expect(xml).toContain(
      '<evento cod_provider="1234" cod_evento="412345" edizione="2" tipologia="CONGRESSO" data_inizio="2027-01-21" data_fine="2027-01-23" crediti="4.5" partecipanti="1">',
    );
    expect(xml).toContain('cognome="D’Amico &amp; &lt;Figli&gt;" nome="Zoë &quot;Z&quot;"');
    expect(xml).toContain('ruolo="P" rapporto_lavoro="D" crediti="4.5"');
    expect(xml).toContain('reclutato="S" sponsor="Farmaceutica S.p.A."');
    expect(xml).toContain('ruolo="D" rapporto_lavoro="L" crediti="2.0"');
    expect(xml).toContain('<professione codice="1">');
    expect(xml).toContain('<disciplina codice="47"/>');
  });

  it('the schema refuses what Age.Na.S. would: a bad codice fiscale, a person twice in a role', () => {
    const bad = agenasParticipantsXml(edition, [{ ...person, fiscalCode: 'RSSMRA80A01H501' }]);
    expect(validate(bad)).toMatch(/cod_fisc/);
    const twice = agenasParticipantsXml(edition, [person, person]);
    expect(validate(twice)).toMatch(/unPartecipantePerRuolo|Duplicate/);
    expect(validate(agenasParticipantsXml(edition, []))).toBe('');
  });
});
