import type { SiteContentByKey, SocietyContentKey } from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { makePortraitPng } from './demo-png.js';

/**
 * Demo values of the structured site contents (contacts, legal data, supporters, past
 * presidents). Fictional: names, numbers and companies are invented. The cookie policy is not
 * here: every installation has it (db/reference-data.ts), as the home's and the links' texts
 * (migration 0027, ADR 035).
 */
export function demoSiteContents(
  acronym: string,
): Omit<Pick<SiteContentByKey, SocietyContentKey>, 'cookie-policy'> {
  const domain = `${acronym.toLowerCase()}.example.org`;
  const logo = (background: readonly [number, number, number]) =>
    Buffer.from(makePortraitPng(background, [255, 255, 255], 64)).toString('base64');
  return {
    contatti: {
      indirizzo: 'Via dei Donatori 12, 00161 Roma (RM)',
      telefono: '+39 06 1234 5678',
      social: { etichetta: 'Facebook', url: 'https://www.facebook.com/example.society' },
      email: [
        { ruolo: 'Informazioni', indirizzo: `segreteria@${domain}` },
        { ruolo: 'Iscrizioni e quote', indirizzo: `iscrizioni@${domain}` },
        { ruolo: 'Segreteria del Presidente', indirizzo: `presidenza@${domain}` },
        {
          ruolo: 'Posta elettronica certificata',
          indirizzo: `${acronym.toLowerCase()}@pec.example.org`,
        },
      ],
    },
    'dati-legali': {
      righe: [
        { etichetta: 'Denominazione', valore: acronym },
        {
          etichetta: 'Ragione sociale',
          valore: `${acronym} – Società scientifica (dati dimostrativi)`,
        },
        { etichetta: 'Sede legale', valore: 'Via dei Donatori 12, 00161 Roma (RM)' },
        { etichetta: 'Partita IVA', valore: '01234567890' },
        { etichetta: 'PEC', valore: `${acronym.toLowerCase()}@pec.example.org` },
      ],
    },
    sostenitori: {
      aziende: [
        {
          nome: 'Emolab Diagnostica S.r.l.',
          logo: logo([0x1c, 0x2a, 0x3f]),
          indirizzo: 'Viale dell’Industria 40, 20090 Segrate (MI)',
          telefono: '+39 02 9876 5432',
          sito: 'https://www.example.com/emolab',
        },
        {
          nome: 'Plasmatech Italia S.p.A.',
          logo: logo([0xa4, 0x12, 0x2a]),
          indirizzo: 'Via della Ricerca 7, 50019 Sesto Fiorentino (FI)',
          telefono: '+39 055 123 4567',
          sito: 'https://www.example.com/plasmatech',
        },
      ],
    },
    presidenti: {
      presidenti: [
        { nome: 'Giorgio Bellandi', dal: 1976, al: 1980 },
        { nome: 'Maria Luisa Ferrante', dal: 1980, al: 1984 },
        { nome: 'Antonio Scarpelli', dal: 1984, al: 1988 },
        { nome: 'Franco Valsecchi', dal: 1988, al: 1991 },
        { nome: 'Rosanna De Michelis', dal: 1991, al: 1994 },
        { nome: 'Carlo Mainardi', dal: 1994, al: 1997 },
        { nome: 'Paolo Terenzi', dal: 1997, al: 2000 },
        { nome: 'Lucia Sartorelli', dal: 2000, al: 2003 },
        { nome: 'Enrico Barbieri', dal: 2003, al: 2006 },
        { nome: 'Silvana Orlandini', dal: 2006, al: 2009 },
        { nome: 'Massimo Guerrieri', dal: 2009, al: 2012 },
        { nome: 'Anna Pellegrino', dal: 2012, al: 2015 },
        { nome: 'Stefano Morandi', dal: 2015, al: 2019 },
        { nome: 'Elena Castaldi', dal: 2019, al: 2023 },
      ],
    },
  };
}

export async function insertDemoSiteContents(
  db: Kysely<Database>,
  acronym: string,
  updatedAt: string,
): Promise<number> {
  const contents = demoSiteContents(acronym);
  const rows = Object.entries(contents).map(([key, value]) => ({
    key,
    data_json: JSON.stringify(value),
    updated_at: updatedAt,
  }));
  await db
    .insertInto('site_contents')
    .values(rows)
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  return rows.length;
}
