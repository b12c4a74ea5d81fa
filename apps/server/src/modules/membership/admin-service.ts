import {
  adminListHref,
  romeDate,
  type AdminApplicationListQuery,
  type AdminMembershipApplication,
  type AdminMembership,
  type AdminMembershipExportQuery,
  type AdminMembershipListQuery,
  AFFILIATE_SECTIONS,
  STANDING_LABELS,
  type AdminPage,
  type DueExemptionBody,
  type RegisterImportBody,
  type AdminMembershipFacts,
  AdminMembershipFactsSchema,
  type AdminAuditEntry,
  APPLICATION_MESSAGES,
  isParticipantRole,
  isStaffRole,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database, Executor } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../text/dates.js';
import { historyOf, writeAudit, type Actor } from '../admin/audit.js';
import { takeNextVersion } from '../admin/versions.js';
import { versionBefore } from '../admin/undo.js';
import { parseInput } from '../../http/validation.js';
import type { PendingWorkProvider } from '../admin/dashboard.js';
import {
  closeApplication,
  linkApplicationMember,
  duesOf,
  findApplication,
  insertMembershipOnce,
  listApplications,
  nextMemberNumber,
  duesOfMembers,
  findDue,
  lockDuesOf,
  findMembershipWithMember,
  listMembershipsWithMember,
  writeDue,
  membershipWithCodiceFiscale,
  membershipWithNumber,
  updateMembership,
  membershipVersions,
  type DueRow,
} from './repository.js';
import { formatMemberNumber } from './member-number.js';
import { countBankRowsToReview } from './bank-repository.js';
import { membershipPendingWork, standingView } from './service.js';
import { feesOfYears } from './dues/year-fees.js';
import {
  findMemberByEmail,
  findMemberById,
  memberVersions,
  updateMemberNames,
} from '../accounts/repository.js';
import { isValidCodiceFiscale } from '../../text/codice-fiscale.js';
import { MemberRuleError, MembersService } from '../accounts/members-service.js';
import { enqueue } from '../outbox/outbox.js';
import type { FileStore } from '../../files/file-store.js';
import type { StandingRules } from './standing.js';
import { importRegister } from './register-import.js';
import { textCode, toCsv } from '../../text/csv.js';

/** The columns of the members' export (ADR 024, 2026-11-27). */
const MEMBER_EXPORT_HEADERS = [
  'Numero socio',
  'Cognome',
  'Nome',
  'E-mail',
  'Codice fiscale',
  'Tipo',
  'Sezione',
  'Regione',
  'Posizione',
  'Anni pagati',
  'Anni da pagare',
] as const;

export interface MembershipAdminDeps {
  db: Kysely<Database>;
  logger: Logger;
  files: FileStore;
  clock: Clock;
  rules: StandingRules;
  /** MEMBER_NUMBER_FORMAT. */
  memberNumberFormat: string;
  society: { acronym: string; publicBaseUrl: string };
  notifyOutbox: () => void;
}

function toAdminApplication(row: ApplicationWithNumber): AdminMembershipApplication {
  return {
    id: row.id,
    kind: row.kind,
    section: row.section,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    codiceFiscale: row.codice_fiscale,
    qualification: row.qualification,
    workplace: row.workplace,
    centre: row.centre,
    region: row.region,
    registerNumber: row.register_number,
    cvFileName: row.cv_file_name,
    privacyTextVersion: row.privacy_text_version,
    privacyAcceptedAt: row.privacy_accepted_at,
    status: row.status,
    ratifiedOn: row.ratified_on,
    refusalReason: row.refusal_reason,
    memberNumber: row.member_number,
    handledAt: row.handled_at,
    handledBy: row.handled_by,
    createdAt: row.created_at,
  };
}

type ApplicationWithNumber = NonNullable<Awaited<ReturnType<typeof findApplication>>>;

const factRefusal = (path: string, message: string) =>
  new AppError('invalidRequest', [{ path, message }]);

/**
 * The facts that other rows or the ledger constrain (ADR 042): a member number and a codice
 * fiscale of one member only, a codice fiscale with its right check character, a section for an
 * affiliate's, a first year not after a year already paid or exempt.
 */
async function checkFacts(
  db: Executor,
  memberId: number,
  facts: AdminMembershipFacts,
  dues: DueRow[],
): Promise<void> {
  if (facts.memberNumber !== null) {
    const holder = await membershipWithNumber(db, facts.memberNumber);
    if (holder !== undefined && holder.member_id !== memberId) {
      throw factRefusal(
        'memberNumber',
        `Il numero socio ${facts.memberNumber} è già di un altro socio.`,
      );
    }
  }
  if (facts.codiceFiscale !== null) {
    if (!isValidCodiceFiscale(facts.codiceFiscale)) {
      throw factRefusal('codiceFiscale', APPLICATION_MESSAGES.badCodiceFiscale);
    }
    const holder = await membershipWithCodiceFiscale(db, facts.codiceFiscale);
    if (holder !== undefined && holder.member_id !== memberId) {
      throw factRefusal('codiceFiscale', 'Questo codice fiscale è già di un altro socio.');
    }
  }
  const settledBefore = dues
    .filter((due) => due.status !== 'unpaid' && due.year < facts.sinceYear)
    .map((due) => due.year);
  if (settledBefore.length > 0) {
    throw factRefusal(
      'sinceYear',
      `Il primo anno dovuto non può essere dopo un anno già pagato o esonerato (${settledBefore.join(', ')}).`,
    );
  }
}

const alreadyHandled = () =>
  new AppError('invalidRequest', [
    {
      path: 'status',
      message: 'La domanda è già stata gestita (forse da un altro componente della segreteria).',
    },
  ]);

type MembershipWithMember = NonNullable<Awaited<ReturnType<typeof findMembershipWithMember>>>;

/** The staff's side of membership (ADR 024): every member's years, exemptions. */
export class MembershipAdminService {
  constructor(private readonly deps: MembershipAdminDeps) {}

  private toAdmin(row: MembershipWithMember, dues: DueRow[]): AdminMembership {
    return {
      ...standingView(row, dues, romeDate(this.deps.clock()), this.deps.rules),
      id: row.member_id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      kind: row.kind,
      section: row.section,
      codiceFiscale: row.codice_fiscale,
      region: row.region,
      qualification: row.qualification,
      workplace: row.workplace,
      centre: row.centre,
      registerNumber: row.register_number,
      version: row.version,
    };
  }

  /**
   * Every fact of a member's position set by the secretariat (ADR 042), audited with what it
   * was: the names on the account, the membership's facts; a kind that changes the account's
   * role changes it (its sessions end, ADR 021). `create`: an existing account without a
   * membership gets one (an empty number takes the next).
   */
  async saveFacts(
    actor: Actor,
    memberId: number,
    facts: AdminMembershipFacts,
    mode: 'create' | 'update',
    version: number | null = null,
  ): Promise<AdminMembership> {
    const { db, clock, society, memberNumberFormat } = this.deps;
    const now = clock();
    await db.transaction().execute(async (trx) => {
      if (mode === 'update') await takeNextVersion(trx, membershipVersions, memberId, version);
      const account = await findMemberById(trx, memberId);
      if (account === undefined) throw new AppError('notFound');
      const before = await findMembershipWithMember(trx, memberId);
      if (mode === 'update' && before === undefined) throw new AppError('notFound');
      if (mode === 'create' && before !== undefined) {
        throw factRefusal('memberNumber', 'Questo account ha già una posizione di socio.');
      }
      if (isStaffRole(account.role)) {
        throw factRefusal('kind', 'Un account del personale non è un socio.');
      }
      await checkFacts(
        trx,
        memberId,
        facts,
        before === undefined ? [] : await duesOf(trx, memberId),
      );
      const memberNumber =
        facts.memberNumber ??
        before?.member_number ??
        formatMemberNumber(memberNumberFormat, await nextMemberNumber(trx), facts.sinceYear);
      const row = {
        member_number: memberNumber,
        kind: facts.kind,
        section: facts.kind === 'Affiliato' ? facts.section : null,
        since_year: facts.sinceYear,
        codice_fiscale: facts.codiceFiscale,
        qualification: facts.qualification,
        workplace: facts.workplace,
        centre: facts.centre,
        region: facts.region,
        register_number: facts.registerNumber,
        updated_at: now.toISOString(),
      };
      if (before === undefined) {
        await insertMembershipOnce(trx, {
          ...row,
          member_id: memberId,
          ratified_on: null,
          created_at: now.toISOString(),
        });
      } else {
        await lockDuesOf(trx, memberId);
        await updateMembership(trx, memberId, row);
      }
      const role = facts.kind === 'Affiliato' ? 'affiliato' : 'socio';
      const rules = new MembersService({ db: trx, clock, society });
      if (account.first_name !== facts.firstName || account.last_name !== facts.lastName) {
        await updateMemberNames(trx, memberId, facts, now.toISOString());
        // The account's own form, opened before, must not put the old names back (ADR 041).
        await memberVersions.next(trx, memberId, null);
      }
      if (account.role !== role) await rules.changeRole(account.email, role);
      const factsOf = (value: Omit<NonNullable<typeof before>, 'version'> | undefined) =>
        value === undefined
          ? null
          : {
              numero: value.member_number,
              nome: value.first_name,
              cognome: value.last_name,
              tipo: value.kind,
              sezione: value.section,
              dal: value.since_year,
              codiceFiscale: value.codice_fiscale,
              regione: value.region,
              qualifica: value.qualification,
              lavoro: value.workplace,
              centro: value.centre,
              iscrizioneAlbo: value.register_number,
            };
      await writeAudit(
        trx,
        actor,
        {
          action: before === undefined ? 'crea posizione' : 'modifica posizione',
          entity: 'membership',
          entityId: memberId,
          summary:
            before === undefined
              ? `Posizione di socio per ${account.email}: numero ${memberNumber}, dal ${facts.sinceYear}`
              : `Dati del socio ${account.email} (numero ${memberNumber}) modificati`,
          before: factsOf(before),
          after: factsOf({
            ...row,
            member_id: memberId,
            ratified_on: before?.ratified_on ?? null,
            created_at: before?.created_at ?? now.toISOString(),
            email: account.email,
            first_name: facts.firstName,
            last_name: facts.lastName,
          }),
        },
        now,
      );
    });
    return this.get(memberId);
  }

  /** Rows with their standing, by member (one read of their dues). */
  private async withStanding(rows: MembershipWithMember[]): Promise<AdminMembership[]> {
    const dues = await duesOfMembers(
      this.deps.db,
      rows.map((row) => row.member_id),
    );
    const byMember = new Map<number, DueRow[]>();
    for (const due of dues)
      byMember.set(due.member_id, [...(byMember.get(due.member_id) ?? []), due]);
    return rows.map((row) => this.toAdmin(row, byMember.get(row.member_id) ?? []));
  }

  /**
   * The staff list (ADR 024, 2026-11-27): filtered in SQL by text, kind, section, region and a
   * year paid; the standing is computed from the ledger, so with a standing filter every
   * matching member is read and the page cut after.
   */
  async list(query: AdminMembershipListQuery): Promise<AdminPage<AdminMembership>> {
    const offset = (query.page - 1) * query.perPage;
    if (query.standing === undefined) {
      const { rows, total } = await listMembershipsWithMember(this.deps.db, query, {
        offset,
        limit: query.perPage,
      });
      return { items: await this.withStanding(rows), total };
    }
    const all = await this.filtered(query);
    return { items: all.slice(offset, offset + query.perPage), total: all.length };
  }

  private async filtered(query: AdminMembershipListQuery): Promise<AdminMembership[]> {
    const { rows } = await listMembershipsWithMember(this.deps.db, query);
    const all = await this.withStanding(rows);
    return query.standing === undefined
      ? all
      : all.filter((member) => member.standing === query.standing);
  }

  /**
   * What the list shows, every page, as CSV or XLSX (ADR 024, 2026-11-27): the member number
   * kept as text (`="00042"` in CSV, a text cell in XLSX) so a spreadsheet keeps its zeros.
   */
  async export(
    query: AdminMembershipExportQuery,
  ): Promise<{ fileName: string; body: string | Buffer }> {
    const members = await this.filtered(query);
    const stamp = romeDate(this.deps.clock());
    const lines = members.map((member) => ({
      number: member.memberNumber ?? '',
      cells: [
        member.lastName,
        member.firstName,
        member.email,
        member.codiceFiscale ?? '',
        member.kind,
        member.section === null
          ? ''
          : (AFFILIATE_SECTIONS[member.section as keyof typeof AFFILIATE_SECTIONS] ??
            member.section),
        member.region ?? '',
        STANDING_LABELS[member.standing],
        member.years
          .filter((year) => year.status === 'paid')
          .map((year) => year.year)
          .join(' '),
        member.openYears.join(' '),
      ],
    }));
    if (query.format === 'csv') {
      return {
        fileName: `soci-${stamp}.csv`,
        body: toCsv([
          [...MEMBER_EXPORT_HEADERS],
          ...lines.map((line) => [textCode(line.number), ...line.cells]),
        ]),
      };
    }
    // Loaded on the first export, as the dues report's (ADR 038).
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    workbook.created = this.deps.clock();
    const sheet = workbook.addWorksheet('Soci');
    sheet.columns = MEMBER_EXPORT_HEADERS.map((header) => ({
      header,
      width: Math.max(12, header.length + 2),
    }));
    sheet.getRow(1).font = { bold: true };
    // The number column is text ("@"): 00042 stays 00042.
    sheet.getColumn(1).numFmt = '@';
    for (const line of lines) sheet.addRow([line.number, ...line.cells]);
    return {
      fileName: `soci-${stamp}.xlsx`,
      body: Buffer.from(await workbook.xlsx.writeBuffer()),
    };
  }

  /** The position's history from the audit log, newest first (ADR 031); 404 without one. */
  async history(memberId: number): Promise<AdminAuditEntry[]> {
    await this.get(memberId);
    return historyOf(this.deps.db, 'membership', memberId);
  }

  /**
   * "Annulla questa modifica" on a position (ADR 031, ADR 042): the facts the entry replaced,
   * saved again as a new audited edit with the same checks as any save (a member number taken
   * since, a first year after a year paid since, are refused with the reason). The names go
   * back from entries that keep them apart; older entries leave them as they are.
   */
  async rollbackFacts(actor: Actor, memberId: number, auditId: number): Promise<AdminMembership> {
    const current = await this.get(memberId);
    const before = await versionBefore(this.deps.db, 'membership', memberId, auditId);
    const namesApart = 'nome' in before && 'cognome' in before;
    const facts = parseInput(AdminMembershipFactsSchema, {
      firstName: namesApart ? before.nome : current.firstName,
      lastName: namesApart ? before.cognome : current.lastName,
      memberNumber: 'numero' in before ? before.numero : current.memberNumber,
      codiceFiscale: 'codiceFiscale' in before ? before.codiceFiscale : current.codiceFiscale,
      kind: 'tipo' in before ? before.tipo : current.kind,
      section: 'sezione' in before ? before.sezione : current.section,
      sinceYear: 'dal' in before ? before.dal : current.sinceYear,
      region: 'regione' in before ? before.regione : current.region,
      qualification: 'qualifica' in before ? before.qualifica : current.qualification,
      workplace: 'lavoro' in before ? before.lavoro : current.workplace,
      centre: 'centro' in before ? before.centro : current.centre,
      registerNumber: 'iscrizioneAlbo' in before ? before.iscrizioneAlbo : current.registerNumber,
    });
    return this.saveFacts(actor, memberId, facts, 'update');
  }

  async get(memberId: number): Promise<AdminMembership> {
    const row = await findMembershipWithMember(this.deps.db, memberId);
    if (row === undefined) throw new AppError('notFound');
    return this.toAdmin(row, await duesOf(this.deps.db, memberId));
  }

  /**
   * A year set as exempt with its reason (honorary members, ADR 024), or an exemption taken
   * back (the year is unpaid again). A paid year is never overwritten.
   */
  async setExemption(
    actor: Actor,
    memberId: number,
    year: number,
    body: DueExemptionBody,
  ): Promise<AdminMembership> {
    const reason = body.reason?.trim() ?? '';
    if (body.exempt && reason === '') {
      throw new AppError('invalidRequest', [
        { path: 'reason', message: 'Indica il motivo dell’esonero.' },
      ]);
    }
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      const membership = await findMembershipWithMember(trx, memberId);
      if (membership === undefined) throw new AppError('notFound');
      await lockDuesOf(trx, memberId);
      const before = await findDue(trx, memberId, year);
      if (before?.status === 'paid' || before?.status === 'reported') {
        throw new AppError('invalidRequest', [
          { path: 'exempt', message: `La quota ${year} risulta già pagata o segnalata.` },
        ]);
      }
      if (!body.exempt && before?.status !== 'exempt') return;
      await writeDue(trx, {
        member_id: memberId,
        year,
        status: body.exempt ? 'exempt' : 'unpaid',
        amount_cents: before?.amount_cents ?? null,
        method: null,
        payment_id: null,
        exempt_reason: body.exempt ? reason : null,
        settled_on: body.exempt ? romeDate(now) : null,
        updated_at: now.toISOString(),
      });
      await writeAudit(
        trx,
        actor,
        {
          action: body.exempt ? 'esonera' : 'revoca esonero',
          entity: 'due',
          entityId: `${memberId}:${year}`,
          summary: body.exempt
            ? `Quota ${year} di ${membership.email}: esonero (${reason})`
            : `Quota ${year} di ${membership.email}: esonero revocato`,
          before:
            before === undefined ? null : { stato: before.status, motivo: before.exempt_reason },
          after: { stato: body.exempt ? 'exempt' : 'unpaid', motivo: body.exempt ? reason : null },
        },
        now,
      );
    });
    return this.get(memberId);
  }

  /** The existing register taken over (ADR 042): previewed, or applied in one transaction. */
  importRegister(actor: Actor, body: RegisterImportBody, apply: boolean) {
    return importRegister(
      this.deps,
      actor,
      { fileName: body.fileName, content: Buffer.from(body.contentBase64, 'base64') },
      apply,
    );
  }

  // -------------------------------------------------------------------------------------------
  // The applications' queue

  async listApplications(
    query: AdminApplicationListQuery,
  ): Promise<AdminPage<AdminMembershipApplication>> {
    const { rows, total } = await listApplications(
      this.deps.db,
      { status: query.status },
      (query.page - 1) * query.perPage,
      query.perPage,
    );
    return { items: rows.map(toAdminApplication), total };
  }

  async getApplication(id: number): Promise<AdminMembershipApplication> {
    const row = await findApplication(this.deps.db, id);
    if (row === undefined) throw new AppError('notFound');
    return toAdminApplication(row);
  }

  /** The applicant's CV, for the staff download. */
  async applicationCv(id: number): Promise<{ fileName: string; content: Buffer }> {
    const row = await findApplication(this.deps.db, id);
    if (row === undefined || row.cv_sha256 === null) throw new AppError('notFound');
    return {
      fileName: row.cv_file_name ?? 'curriculum.pdf',
      content: await this.deps.files.read(row.cv_sha256),
    };
  }

  /**
   * Approval with the board's ratification date (ADR 024), in one transaction: the account
   * (accounts' rules) and its invitation, the membership with the next member number, the
   * first year's due, the applicant's e-mail, the audit entry. Only a waiting application is
   * approved: of two staff members approving at once, the second is told it is handled.
   */
  async approve(actor: Actor, id: number, ratifiedOn: string): Promise<AdminMembershipApplication> {
    const { db, clock, society, memberNumberFormat } = this.deps;
    const now = clock();
    const year = Number(ratifiedOn.slice(0, 4));
    await db
      .transaction()
      .execute(async (trx) => {
        const application = await findApplication(trx, id);
        if (application === undefined) throw new AppError('notFound');
        if (application.status !== 'pending') throw alreadyHandled();
        // Closed first: the row's update is what serialises two staff members approving at once.
        const closed = await closeApplication(trx, id, {
          status: 'approved',
          ratified_on: ratifiedOn,
          refusal_reason: null,
          member_id: null,
          handled_at: now.toISOString(),
          handled_by: actor.email,
        });
        if (!closed) throw alreadyHandled();
        const rules = new MembersService({ db: trx, clock, society });
        const role = application.kind === 'Affiliato' ? 'affiliato' : 'socio';
        // A person with an events' account keeps it, now a member's (ADR 055).
        const participant = await findMemberByEmail(trx, application.email);
        if (participant !== undefined && isParticipantRole(participant.role)) {
          await rules.changeRole(participant.email, role);
        } else {
          await rules.add({
            email: application.email,
            firstName: application.first_name,
            lastName: application.last_name,
            role,
          });
        }
        const member = await findMemberByEmail(trx, application.email);
        if (member === undefined) throw new Error('account creato ma non trovato');
        await linkApplicationMember(trx, id, member.id);
        const memberNumber = formatMemberNumber(
          memberNumberFormat,
          await nextMemberNumber(trx),
          year,
        );
        await insertMembershipOnce(trx, {
          member_id: member.id,
          member_number: memberNumber,
          kind: application.kind,
          section: application.section,
          since_year: year,
          codice_fiscale: application.codice_fiscale,
          qualification: application.qualification,
          workplace: application.workplace,
          centre: application.centre,
          region: application.region,
          register_number: application.register_number,
          ratified_on: ratifiedOn,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        });
        const [firstYearFee] = await feesOfYears(trx, application.kind, [year]);
        await writeDue(trx, {
          member_id: member.id,
          year,
          status: 'unpaid',
          amount_cents: firstYearFee ?? null,
          method: null,
          payment_id: null,
          exempt_reason: null,
          settled_on: null,
          updated_at: now.toISOString(),
        });
        // A password chosen for the events stays the account's: no link to choose one.
        const hasPassword = member.password_hash !== null;
        if (!hasPassword) await rules.invite(member.email);
        await enqueue(
          trx,
          'mail',
          {
            to: [member.email],
            subject: `${society.acronym} – Domanda di iscrizione approvata`,
            text: [
              `Gentile ${member.first_name} ${member.last_name},`,
              '',
              `il Consiglio Direttivo ha approvato la tua domanda di iscrizione come ${application.kind}.`,
              `Il tuo numero di socio è ${memberNumber}.`,
              '',
              hasPassword
                ? 'Accedi all’area riservata con l’e-mail e la password che già usi per gli eventi;'
                : 'Riceverai a parte il collegamento per scegliere la password dell’area riservata;',
              `dall’area riservata potrai pagare la quota ${year}.`,
              '',
              `La segreteria ${society.acronym}`,
            ].join('\n'),
          },
          now,
        );
        await writeAudit(
          trx,
          actor,
          {
            action: 'approva',
            entity: 'membership_application',
            entityId: id,
            summary: `Domanda di ${application.email} approvata (ratifica ${ratifiedOn}), socio n. ${memberNumber}`,
            after: { numero: memberNumber, ratifica: ratifiedOn, account: member.id },
          },
          now,
        );
      })
      .catch((error: unknown) => {
        if (error instanceof MemberRuleError) {
          throw new AppError('invalidRequest', [
            { path: 'email', message: `Impossibile creare l’account: ${error.message}.` },
          ]);
        }
        throw error;
      });
    this.deps.notifyOutbox();
    return this.getApplication(id);
  }

  /** Refusal with a reason, e-mailed to the applicant through the outbox. */
  async refuse(actor: Actor, id: number, reason: string): Promise<AdminMembershipApplication> {
    const { db, clock, society } = this.deps;
    const now = clock();
    await db.transaction().execute(async (trx) => {
      const application = await findApplication(trx, id);
      if (application === undefined) throw new AppError('notFound');
      const closed = await closeApplication(trx, id, {
        status: 'refused',
        ratified_on: null,
        refusal_reason: reason,
        member_id: null,
        handled_at: now.toISOString(),
        handled_by: actor.email,
      });
      if (!closed) throw alreadyHandled();
      await enqueue(
        trx,
        'mail',
        {
          to: [application.email],
          subject: `${society.acronym} – Domanda di iscrizione non accolta`,
          text: [
            `Gentile ${application.first_name} ${application.last_name},`,
            '',
            'la tua domanda di iscrizione non è stata accolta, per questo motivo:',
            '',
            reason,
            '',
            'Per chiarimenti puoi rispondere a questo messaggio o scrivere alla segreteria.',
            '',
            `La segreteria ${society.acronym}`,
          ].join('\n'),
        },
        now,
      );
      await writeAudit(
        trx,
        actor,
        {
          action: 'respinge',
          entity: 'membership_application',
          entityId: id,
          summary: `Domanda di ${application.email} respinta`,
          after: { motivo: reason },
        },
        now,
      );
    });
    this.deps.notifyOutbox();
    return this.getApplication(id);
  }
}

/** The dashboard's count of applications waiting for the board's decision (ADR 023, 024). */
export const membershipDashboardWork: PendingWorkProvider = async (db, now) => [
  {
    key: 'domande-iscrizione-in-attesa',
    label: 'Domande di iscrizione da esaminare',
    count: (await membershipPendingWork(db, now)).applicationsWaiting,
    href: adminListHref('domande-iscrizione', { status: 'pending' }),
  },
  {
    key: 'bonifici-da-controllare',
    label: 'Bonifici da controllare',
    count: await countBankRowsToReview(db),
    href: adminListHref('bonifici', { status: 'review' }),
  },
];
