import type { Kysely } from 'kysely';
import { applyRegisterText, type RegisterRules } from '../../modules/membership/register-import.js';
import { hashPassword } from '../../security/passwords.js';
import type { Database, Executor, MemberRole } from '../schema.js';

/** The password of every demo account (README). */
export const DEMO_PASSWORD = 'Sodalis-demo-2026';

/** Demo accounts (ADR 010): one per role, and one that must choose its password at first sign-in. */
export const DEMO_ACCOUNTS: {
  email: string;
  firstName: string;
  lastName: string;
  role: MemberRole;
  passwordChanged: boolean;
}[] = [
  {
    email: 'socio.demo@example.org',
    firstName: 'Giulia',
    lastName: 'Ferri',
    role: 'socio',
    passwordChanged: true,
  },
  {
    email: 'affiliato.demo@example.org',
    firstName: 'Marco',
    lastName: 'Lanza',
    role: 'affiliato',
    passwordChanged: true,
  },
  {
    email: 'segreteria.demo@example.org',
    firstName: 'Paola',
    lastName: 'Neri',
    role: 'segreteria',
    passwordChanged: true,
  },
  {
    email: 'nuovo.demo@example.org',
    firstName: 'Luca',
    lastName: 'Conti',
    role: 'socio',
    passwordChanged: false,
  },
  // The narrower staff roles (ADR 031), after the others so their ids stay as they were.
  {
    email: 'redazione.demo@example.org',
    firstName: 'Sara',
    lastName: 'Galli',
    role: 'redazione',
    passwordChanged: true,
  },
  {
    email: 'tesoreria.demo@example.org',
    firstName: 'Enrico',
    lastName: 'Villa',
    role: 'tesoreria',
    passwordChanged: true,
  },
  // Members whose ledger shows the year's other standings (the demo register below).
  {
    email: 'arretrati.demo@example.org',
    firstName: 'Anna',
    lastName: 'Moretti',
    role: 'socio',
    passwordChanged: true,
  },
  {
    email: 'decaduto.demo@example.org',
    firstName: 'Roberto',
    lastName: 'Sala',
    role: 'socio',
    passwordChanged: true,
  },
  // The events' staff (ADR 050): the events, their registrations, the desk and check-in.
  {
    email: 'eventi.demo@example.org',
    firstName: 'Giorgia',
    lastName: 'Ferrante',
    role: 'eventi',
    passwordChanged: true,
  },
  // A person who is not a member, with an account for the events (ADR 055).
  {
    email: 'partecipante.demo@example.org',
    firstName: 'Paolo',
    lastName: 'Martinelli',
    role: 'partecipante',
    passwordChanged: true,
  },
];

export async function insertDemoAccounts(db: Kysely<Database>, createdAt: string): Promise<number> {
  // One hash for all: the same password, and argon2 is deliberately slow.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db
    .insertInto('members')
    .values(
      DEMO_ACCOUNTS.map((account) => ({
        email: account.email,
        first_name: account.firstName,
        last_name: account.lastName,
        role: account.role,
        status: 'active' as const,
        password_hash: passwordHash,
        password_changed: account.passwordChanged ? 1 : 0,
        created_at: createdAt,
        updated_at: createdAt,
      })),
    )
    .execute();
  return DEMO_ACCOUNTS.length;
}

/**
 * The demo members' place in the dues ledger (ADR 024, ADR 042), written by the register import's
 * own rules, so the demo shows the whole year: a member who has paid every year but this one's
 * renewal, an affiliate exempt this year, a member in arrears for last year and a lapsed member
 * (two years missed). Member numbers follow MEMBER_NUMBER_FORMAT, the oldest member first; the
 * years are counted back from `today`, so the standings hold whatever the day.
 */
export async function insertDemoRegister(
  trx: Executor,
  today: string,
  rules: RegisterRules,
): Promise<number> {
  const year = Number(today.slice(0, 4));
  const earlier = (back: number, monthDay: string, method: string) =>
    `${monthDay}/${year - back} ${method}`;
  // This year's payment: early January, or today if the year has just begun.
  const thisYear = today < `${year}-01-12` ? today.split('-').reverse().join('/') : `12/01/${year}`;
  const years = [5, 4, 3, 2, 1, 0].map((back) => year - back);
  const header = [
    'email',
    'nome',
    'cognome',
    'codice fiscale',
    'tipo',
    'sezione',
    'regione',
    'primo anno',
    ...years.map(String),
  ];
  const row = (account: string, facts: string[], paid: Record<number, string>) => {
    const found = DEMO_ACCOUNTS.find((demo) => demo.email === account);
    if (found === undefined) throw new Error(`Account dimostrativo mancante: ${account}`);
    return [
      found.email,
      found.firstName,
      found.lastName,
      ...facts,
      ...years.map((each) => paid[each] ?? ''),
    ];
  };
  const rows = [
    header,
    // Lapsed: the two years before this one missed.
    row('decaduto.demo@example.org', ['SLARRT70H03D612D', 'Socio', '', 'Toscana', `${year - 5}`], {
      [year - 5]: earlier(5, '03/03', 'bonifico'),
      [year - 4]: earlier(4, '17/02', 'bonifico'),
      [year - 3]: earlier(3, '21/03', 'contanti'),
    }),
    // In arrears: last year open, this year paid.
    row('arretrati.demo@example.org', ['MRTNNA78E48G273I', 'Socio', '', 'Sicilia', `${year - 4}`], {
      [year - 4]: earlier(4, '10/02', 'bonifico'),
      [year - 3]: earlier(3, '08/03', 'paypal'),
      [year - 2]: earlier(2, '15/01', 'bonifico'),
      [year]: `${thisYear} bonifico`,
    }),
    // Paid up to last year: this year's renewal is what the demo member pays online.
    row('socio.demo@example.org', ['FRRGLI85A52F205K', 'Socio', '', 'Lombardia', `${year - 3}`], {
      [year - 3]: earlier(3, '14/02', 'bonifico'),
      [year - 2]: earlier(2, '02/03', 'paypal'),
      [year - 1]: earlier(1, '20/01', 'bonifico'),
    }),
    // An affiliate (technicians' section) exempt this year.
    row(
      'affiliato.demo@example.org',
      ['LNZMRC90C15H501S', 'Affiliato', 'Tecnici', 'Lazio', `${year - 2}`],
      {
        [year - 2]: earlier(2, '25/02', 'carta'),
        [year - 1]: earlier(1, '11/02', 'bonifico'),
        [year]: 'esonero',
      },
    ),
  ];
  const text = rows.map((cells) => cells.join(';')).join('\n');
  const applied = await applyRegisterText(trx, rules, text, new Date(`${today}T08:00:00.000Z`));
  return applied.length;
}
