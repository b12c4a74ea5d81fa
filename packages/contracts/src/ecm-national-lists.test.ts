import { describe, expect, it } from 'vitest';
import {
  comparableWords,
  ecmCodesOfWords,
  ECM_PROFESSIONS,
  PROFESSIONAL_FACTS_MESSAGES,
} from './ecm-national-lists.js';
import { EventAccountRequestSchema } from './event-accounts.js';
import { RegistrationRequestSchema } from './event-registrations.js';

const base = { typeId: '3', requestKey: 'chiave-di-prova-0123456789' };
const issuesOf = (body: object) =>
  RegistrationRequestSchema.safeParse({ ...base, ...body }).error?.issues.map((issue) => [
    issue.path.join('.'),
    issue.message,
  ]) ?? [];

describe('the national lists (ADR 056, 059)', () => {
  it('has each discipline’s code once across the professions', () => {
    const codes = ECM_PROFESSIONS.flatMap((profession) =>
      profession.disciplines.map((d) => d.code),
    );
    expect(new Set(codes).size).toBe(codes.length);
    expect(ECM_PROFESSIONS).toHaveLength(31);
  });

  it('compares words without case, accents, apostrophes’ kind and extra spaces', () => {
    expect(comparableWords('  Medicina  D’EMERGENZA-urgenza ')).toBe(
      comparableWords("medicina d'emergenza-urgenza"),
    );
    expect(comparableWords('Psicomotricità')).toBe('psicomotricita');
    expect(ecmCodesOfWords('medico chirurgo', 'ematologia')).toEqual({
      professionCode: 1,
      disciplineCode: 5,
    });
    expect(ecmCodesOfWords('Medico', null)).toEqual({ professionCode: null, disciplineCode: null });
  });
});

describe('the professional facts of a form (ADR 059)', () => {
  it('takes a profession with one of its disciplines, and who is not a health professional with words', () => {
    expect(
      RegistrationRequestSchema.parse({
        ...base,
        professionCode: '1',
        disciplineCode: '47',
        employment: 'convenzionato',
      }),
    ).toMatchObject({
      professionCode: 1,
      disciplineCode: 47,
      otherProfession: null,
      employment: 'convenzionato',
    });
    expect(
      RegistrationRequestSchema.parse({
        ...base,
        professionCode: 'altra',
        otherProfession: ' Ingegnere clinico ',
      }),
    ).toMatchObject({ professionCode: 'altra', otherProfession: 'Ingegnere clinico' });
    // Nothing given: nothing asked on a registration.
    expect(RegistrationRequestSchema.parse(base)).toMatchObject({
      professionCode: null,
      disciplineCode: null,
    });
  });

  it('without scripts reads a blank profession from the discipline, or from the words alone', () => {
    expect(RegistrationRequestSchema.parse({ ...base, disciplineCode: '93' })).toMatchObject({
      professionCode: 28,
      disciplineCode: 93,
    });
    expect(
      RegistrationRequestSchema.parse({ ...base, otherProfession: 'Biologa molecolare' }),
    ).toMatchObject({ professionCode: 'altra', otherProfession: 'Biologa molecolare' });
  });

  it('refuses each wrong choice beside its field, with the other fields’ refusals', () => {
    const messages = PROFESSIONAL_FACTS_MESSAGES;
    expect(issuesOf({ professionCode: '14', disciplineCode: '47' })).toEqual([
      ['disciplineCode', messages.disciplineOfOther('Medicina trasfusionale', 'Infermiere')],
    ]);
    expect(issuesOf({ professionCode: '1' })).toEqual([
      ['disciplineCode', messages.disciplineRequired('Medico chirurgo')],
    ]);
    expect(issuesOf({ professionCode: '999', disciplineCode: '1' })).toEqual([
      ['professionCode', messages.professionUnknown],
    ]);
    expect(issuesOf({ professionCode: 'altra' })).toEqual([
      ['otherProfession', messages.otherRequired],
    ]);
    expect(
      issuesOf({ professionCode: 'altra', otherProfession: 'Ingegnere', disciplineCode: '5' }),
    ).toEqual([['disciplineCode', messages.disciplineNotHealth]]);
    expect(issuesOf({ professionCode: '1', disciplineCode: '9999' })).toEqual([
      ['disciplineCode', messages.disciplineUnknown],
    ]);
    expect(issuesOf({ employment: 'pensionato' })).toEqual([['employment', messages.employment]]);
    // With another field's refusal: both at once.
    expect(issuesOf({ typeId: 'x', professionCode: 'altra' }).map(([path]) => path)).toEqual(
      expect.arrayContaining(['typeId', 'otherProfession']),
    );
    // The account requires the profession.
    const account = EventAccountRequestSchema.safeParse({
      firstName: 'Anna',
      lastName: 'Neri',
      email: 'anna.neri@example.org',
      fiscalCode: 'NRENNA80A41H501X',
      privacy: 'on',
    });
    expect(account.error?.issues.map((issue) => issue.message)).toEqual([
      messages.professionRequired,
    ]);
  });
});
