import { describe, expect, it } from 'vitest';
import { extendMembershipBack } from '../../../src/modules/membership/repository.js';
import { editConflictOf, staffSite, type StaffSite } from '../../helpers/staff-api.js';
import { testEngines } from '../../helpers/test-app.js';

/** A record as the staff API answers it, with its version (ADR 041). */
type Versioned = { version: number } & Record<string, unknown>;

/**
 * The staff records that took a version after the first ones (ADR 041, amendment): the fees,
 * a year's fee, a news category, a page text and a member's position. Each: where it is read
 * and saved, how one is made, the body of a save with one field changed, and that field.
 */
interface Kind {
  name: string;
  /** Makes one; answers its address under /api/v1/Admin. */
  prepare: (site: StaffSite, label: string) => Promise<string>;
  body: (item: Versioned, value: string) => object;
  /** The field the save changes, as the record answers it, and its two values. */
  field: string;
  values: [string, string];
}

const KINDS: Kind[] = [
  {
    name: 'a fee',
    prepare: async (site, label) => {
      const fee = await site.ok<{ id: number }>(
        site.call('POST', '/Fees', {
          title: `Quota ${label}`,
          amount: '150',
          access: 'Affiliato',
          sortOrder: 40,
          active: false,
        }),
      );
      return `/Fees/${fee.id}`;
    },
    body: (item, value) => ({ ...item, title: value }),
    field: 'title',
    values: ['Quota sostenitore', 'Quota amici'],
  },
  {
    name: 'the fee of a year',
    prepare: async (site, label) => {
      const year = label === 'due schede' ? 2031 : 2032;
      const fee = await site.ok<{ id: number }>(
        site.call('POST', '/FeeYears', { year, access: 'Socio', amount: '60' }),
      );
      return `/FeeYears/${fee.id}`;
    },
    body: (item, value) => ({ year: item.year, access: item.access, amount: value }),
    field: 'amount',
    values: ['70.00', '75.00'],
  },
  {
    name: 'a news category',
    prepare: async (site, label) => {
      const category = await site.ok<{ id: number }>(
        site.call('POST', '/NewsCategories', { title: `Categoria ${label}` }),
      );
      return `/NewsCategories/${category.id}`;
    },
    // Names are unique: each category's own.
    body: (item, value) => ({ title: `${value} ${String(item.id)}` }),
    field: 'title',
    values: ['Aferesi', 'Emovigilanza pediatrica'],
  },
  {
    name: 'a page text',
    prepare: async (_site, label) =>
      label === 'due schede' ? '/SetupElements/pareri-intro' : '/SetupElements/rivista-intro',
    body: (_item, value) => ({ bodyHtml: value, keptAttachmentIds: [], newAttachments: [] }),
    field: 'bodyHtml',
    values: ['<p>Testo della scheda A.</p>', '<p>Testo della scheda B.</p>'],
  },
  {
    name: 'a member’s position',
    prepare: async (site, label) => {
      const slug = label.replace(/\W+/g, '-');
      const account = await site.ok<{ id: number }>(
        site.call('POST', '/Members', {
          email: `posizione.${slug}@example.org`,
          firstName: 'Anna',
          lastName: 'Rossi',
          role: 'socio',
          invite: false,
        }),
      );
      await site.ok(
        site.call('POST', `/Memberships/${account.id}`, {
          firstName: 'Anna',
          lastName: 'Rossi',
          kind: 'Socio',
          sinceYear: 2025,
        }),
      );
      return `/Memberships/${account.id}`;
    },
    body: (item, value) => ({
      firstName: item.firstName,
      lastName: item.lastName,
      memberNumber: item.memberNumber,
      codiceFiscale: item.codiceFiscale,
      kind: item.kind,
      section: item.section,
      sinceYear: item.sinceYear,
      region: item.region,
      qualification: item.qualification,
      workplace: value,
      centre: item.centre,
      registerNumber: item.registerNumber,
    }),
    field: 'workplace',
    values: ['Ospedale di Arezzo', 'AOU Careggi'],
  },
];

const POSITION = KINDS[4] as Kind;

describe.each(testEngines())(
  'back office: versions of fees, categories, page texts and positions on %s',
  (engine) => {
    const staff = staffSite(engine);

    const save = (path: string, kind: Kind, item: Versioned, value: string) =>
      staff.call('PUT', path, kind.body(item, value), 'segreteria', {
        'if-match': `"${item.version}"`,
      });

    describe.each(KINDS)('$name', (kind) => {
      it('refuses a save read before another one and writes nothing of it', async () => {
        const path = await kind.prepare(staff, 'due schede');
        const tabA = await staff.ok<Versioned>(staff.call('GET', path));
        const tabB = await staff.ok<Versioned>(staff.call('GET', path));
        const [valueA, valueB] = kind.values;
        const savedA = await staff.ok<Versioned>(save(path, kind, tabA, valueA));
        expect(savedA.version).toBe(tabA.version + 1);
        expect(String(savedA[kind.field])).toContain(valueA.replace(/<\/?p>/g, ''));

        const conflict = editConflictOf(await save(path, kind, tabB, valueB));
        expect(conflict.current).toMatchObject({ version: savedA.version });
        const now = await staff.ok<Versioned>(staff.call('GET', path));
        expect(now[kind.field]).toEqual(savedA[kind.field]);
        expect(now.version).toBe(savedA.version);

        // Saved again at the version the refusal gave ("Sovrascrivi"), it goes through.
        const overwritten = await staff.ok<Versioned>(
          save(path, kind, { ...tabB, version: conflict.current.version as number }, valueB),
        );
        expect(String(overwritten[kind.field])).toContain(valueB.replace(/<\/?p>/g, ''));
        expect(overwritten.version).toBe(savedA.version + 1);
      });

      it('lets exactly one of two simultaneous saves of the same version through', async () => {
        const path = await kind.prepare(staff, 'simultanei');
        const item = await staff.ok<Versioned>(staff.call('GET', path));
        const answers = await Promise.all(
          kind.values.map((value) => save(path, kind, item, value)),
        );
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
        const now = await staff.ok<Versioned>(staff.call('GET', path));
        expect(now.version).toBe(item.version + 1);
      });
    });

    it('raises a position’s version when a payment moves its first year back', async () => {
      const path = await POSITION.prepare(staff, 'anno spostato');
      const form = await staff.ok<Versioned>(staff.call('GET', path));
      const id = Number(path.split('/').pop());
      await extendMembershipBack(staff.app.services.db, id, 2023);
      const stale = await save(path, POSITION, form, 'Ospedale di Siena');
      const conflict = editConflictOf(stale);
      expect(conflict.current).toMatchObject({ sinceYear: 2023, version: form.version + 1 });
    });

    it('ends the account form’s version too when the position renames the member', async () => {
      const path = await POSITION.prepare(staff, 'nomi');
      const id = Number(path.split('/').pop());
      const accountForm = await staff.ok<Versioned>(staff.call('GET', `/Members/${id}`));
      const position = await staff.ok<Versioned>(staff.call('GET', path));
      await staff.ok(
        staff.call(
          'PUT',
          path,
          { ...(POSITION.body(position, 'Ospedale di Arezzo') as object), lastName: 'Rossini' },
          'segreteria',
          { 'if-match': `"${position.version}"` },
        ),
      );
      const stale = await staff.call(
        'PUT',
        `/Members/${id}`,
        {
          firstName: accountForm.firstName,
          lastName: accountForm.lastName,
          role: accountForm.role,
          status: accountForm.status,
        },
        'segreteria',
        { 'if-match': `"${accountForm.version}"` },
      );
      expect(editConflictOf(stale).current).toMatchObject({ lastName: 'Rossini' });
    });
  },
);
