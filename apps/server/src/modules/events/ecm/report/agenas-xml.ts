import { XMLBuilder } from 'fast-xml-parser';
import type { EcmType } from '@sodalis/contracts';

/**
 * The participants' report of an ECM edition as XML (ADR 060), in the layout of
 * `agenas-participants.xsd`: the event's codes and dates, then each person with their codice
 * fiscale, name, role, employment, credits, the day earned, recruitment by a sponsor, and the
 * national codes of profession and discipline. Written by fast-xml-parser's builder, which
 * escapes every value.
 */

/** The report's role codes. */
export const REPORT_ROLE_CODES = {
  partecipante: 'P',
  docente: 'D',
  tutor: 'T',
  relatore: 'R',
  moderatore: 'M',
} as const;
export type ReportRole = keyof typeof REPORT_ROLE_CODES;

/** The report's employment codes. */
export const REPORT_EMPLOYMENT_CODES = {
  dipendente: 'D',
  'libero-professionista': 'L',
  convenzionato: 'C',
  'privo-di-occupazione': 'N',
} as const;
export type ReportEmployment = keyof typeof REPORT_EMPLOYMENT_CODES;

export interface ReportEdition {
  providerCode: string;
  eventCode: string;
  edition: number;
  type: EcmType;
  /** ISO dates in Rome. */
  startsOn: string;
  endsOn: string;
  creditsTenths: number;
}

/** One person of the report, complete (the report refuses before building otherwise). */
export interface ReportPerson {
  fiscalCode: string;
  lastName: string;
  firstName: string;
  role: ReportRole;
  professionCode: number;
  disciplineCode: number;
  employment: ReportEmployment;
  creditsTenths: number;
  /** ISO date. */
  earnedOn: string;
  recruited: boolean;
  sponsor: string | null;
}

const tenths = (value: number) => (value / 10).toFixed(1);

export function agenasParticipantsXml(edition: ReportEdition, people: ReportPerson[]): string {
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    format: true,
    indentBy: '  ',
    suppressEmptyNode: true,
    processEntities: true,
  });
  const document = {
    '?xml': { '@version': '1.0', '@encoding': 'UTF-8' },
    evento: {
      '@cod_provider': edition.providerCode,
      '@cod_evento': edition.eventCode,
      '@edizione': String(edition.edition),
      '@tipologia': edition.type === 'congresso' ? 'CONGRESSO' : 'RES',
      '@data_inizio': edition.startsOn,
      '@data_fine': edition.endsOn,
      '@crediti': tenths(edition.creditsTenths),
      '@partecipanti': String(people.filter((person) => person.role === 'partecipante').length),
      partecipante: people.map((person) => ({
        '@cod_fisc': person.fiscalCode,
        '@cognome': person.lastName,
        '@nome': person.firstName,
        '@ruolo': REPORT_ROLE_CODES[person.role],
        '@rapporto_lavoro': REPORT_EMPLOYMENT_CODES[person.employment],
        '@crediti': tenths(person.creditsTenths),
        '@data_acquisizione': person.earnedOn,
        '@reclutato': person.recruited ? 'S' : 'N',
        ...(person.recruited && person.sponsor !== null ? { '@sponsor': person.sponsor } : {}),
        professione: {
          '@codice': String(person.professionCode),
          disciplina: { '@codice': String(person.disciplineCode) },
        },
      })),
    },
  };
  return builder.build(document) as string;
}
