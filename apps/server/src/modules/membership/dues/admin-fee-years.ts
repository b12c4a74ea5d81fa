import {
  AdminFeeYearInputSchema,
  euroAmount,
  FEE_YEAR_MESSAGES,
  feeYearPaidRollbackMessage,
  type AdminAuditEntry,
  type AdminFeeYear,
  type AdminPage,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../../db/schema.js';
import { AppError } from '../../../http/app-error.js';
import { parseInput } from '../../../http/validation.js';
import type { Clock } from '../../../text/dates.js';
import { historyOf, saveEntry, writeAudit, type Actor } from '../../admin/audit.js';
import { versionBefore } from '../../admin/undo.js';
import { takeNextVersion } from '../../admin/versions.js';
import { yearHasPayments } from '../../payments/repository.js';
import {
  feeYearVersions,
  findFeeYear,
  insertFeeYear,
  listFeeYears,
  updateFeeYear,
  type FeeYearRow,
} from './fee-years-repository.js';

type FeeYearInput = z.output<typeof AdminFeeYearInputSchema>;

export interface FeeYearsAdminDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/**
 * The fee of each year for each kind of member, edited by staff (ADR 029, 2026-11-24): the
 * dues' price list, beside the ledger that charges it (ADR 045). Rows are edited, never
 * deleted, so they have a history to roll back from but no bin (ADR 031).
 */
export class FeeYearsAdmin {
  constructor(private readonly deps: FeeYearsAdminDeps) {}

  async listFeeYears(): Promise<AdminPage<AdminFeeYear>> {
    const rows = await listFeeYears(this.deps.db);
    return { items: rows.map(toAdminFeeYear), total: rows.length };
  }

  async getFeeYear(id: number): Promise<AdminFeeYear> {
    const row = await findFeeYear(this.deps.db, id);
    if (row === undefined) throw new AppError('notFound');
    return toAdminFeeYear(row);
  }

  /**
   * Creates (id null) or edits the fee of a year and kind (ADR 029): what arrears of that year
   * cost from now on (years already paid keep their amounts). One per year and kind; audited.
   */
  async saveFeeYear(
    actor: Actor,
    id: number | null,
    input: FeeYearInput,
    version: number | null = null,
  ): Promise<AdminFeeYear> {
    const now = this.deps.clock();
    const columns = {
      year: input.year,
      access: input.access,
      amount_cents: input.amount,
      updated_at: now.toISOString(),
    };
    const taken = () =>
      new AppError('invalidRequest', [{ path: 'year', message: FEE_YEAR_MESSAGES.taken }]);
    const savedId = await this.deps.db.transaction().execute(async (trx) => {
      if (id !== null) await takeNextVersion(trx, feeYearVersions, id, version);
      const beforeRow = id === null ? undefined : await findFeeYear(trx, id);
      if (id !== null && beforeRow === undefined) throw new AppError('notFound');
      let rowId: number;
      if (id === null) {
        const inserted = await insertFeeYear(trx, columns);
        if (inserted === null) throw taken();
        rowId = inserted;
      } else {
        if (!(await updateFeeYear(trx, id, columns))) throw taken();
        rowId = id;
      }
      await writeAudit(
        trx,
        actor,
        saveEntry(
          {
            entity: 'fee_year',
            entityId: rowId,
            summary: `Quota ${input.access} del ${input.year} ${id === null ? 'creata' : 'modificata'}: ${euroAmount(input.amount / 100)} €`,
          },
          beforeRow === undefined ? null : feeYearSummary(beforeRow),
          feeYearSummary(columns),
        ),
        now,
      );
      return rowId;
    });
    return this.getFeeYear(savedId);
  }

  /** The year's fee's history from the audit log, newest first (ADR 031). */
  async feeYearHistory(id: number): Promise<AdminAuditEntry[]> {
    await this.getFeeYear(id);
    return historyOf(this.deps.db, 'fee_year', id);
  }

  /**
   * "Annulla questa modifica" of a year's fee (ADR 031). Money first (ADR 029): a rollback that
   * would change what a year costs — its amount, or the row moving to another year or kind — is
   * refused while that year and kind (before or after) has payments; otherwise it is saved
   * again as a new audited edit, with the form's rules (one row per year and kind).
   */
  async rollbackFeeYear(actor: Actor, id: number, auditId: number): Promise<AdminFeeYear> {
    const current = await this.getFeeYear(id);
    const before = await versionBefore(this.deps.db, 'fee_year', id, auditId);
    const restored = parseInput(AdminFeeYearInputSchema, {
      year: 'anno' in before ? before.anno : current.year,
      access: 'tipo' in before ? before.tipo : current.access,
      amount: 'importo' in before ? before.importo : current.amount,
    });
    const changes =
      euroAmount(restored.amount / 100) !== current.amount ||
      restored.year !== current.year ||
      restored.access !== current.access;
    if (changes) {
      for (const { year, access } of [current, restored]) {
        if (await yearHasPayments(this.deps.db, access, year)) {
          throw new AppError('invalidRequest', [
            { path: 'auditId', message: feeYearPaidRollbackMessage(year, access) },
          ]);
        }
      }
    }
    return this.saveFeeYear(actor, id, restored);
  }
}

function toAdminFeeYear(row: FeeYearRow): AdminFeeYear {
  return {
    id: row.id,
    year: row.year,
    access: row.access,
    amount: euroAmount(row.amount_cents / 100),
    updatedAt: row.updated_at,
    version: row.version,
  };
}

/** What the audit log keeps of a year's fee (Italian field names). */
function feeYearSummary(
  row: Pick<FeeYearRow, 'year' | 'access' | 'amount_cents'>,
): Record<string, unknown> {
  return { anno: row.year, tipo: row.access, importo: euroAmount(row.amount_cents / 100) };
}
