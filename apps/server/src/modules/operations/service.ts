import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DatabaseEngine } from '../../db/database.js';
import { pendingMigrations } from '../../db/migrate.js';
import type { Database } from '../../db/schema.js';
import { checkWritableDirectory } from '../../files/data-dir.js';
import { backlogCounts } from '../outbox/repository.js';
import { AppMetrics } from './metrics.js';
import { pingDatabase } from './repository.js';

export interface OperationsDeps {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  dataDir: string;
}

/**
 * One readiness check: ok, or the problem in Italian (public) and its cause (for the log only:
 * it may name hosts and folders).
 */
export type CheckResult = { ok: true } | { ok: false; problem: string; cause: string };

export interface Readiness {
  ready: boolean;
  checks: { database: CheckResult; migrations: CheckResult; files: CheckResult };
}

function problemOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Readiness for load balancers and the metrics (ADR 028). */
export class OperationsService {
  readonly metrics: AppMetrics;

  constructor(private readonly deps: OperationsDeps) {
    this.metrics = new AppMetrics(() => backlogCounts(deps.db));
  }

  /** Database reachable, its migrations current, the files folder writable. */
  async readiness(): Promise<Readiness> {
    const { db, engine, dataDir } = this.deps;
    const database = await pingDatabase(db).then(
      (): CheckResult => ({ ok: true }),
      (error: unknown): CheckResult => ({
        ok: false,
        problem: 'database non raggiungibile',
        cause: problemOf(error),
      }),
    );
    const migrations: CheckResult = database.ok
      ? await pendingMigrations(db, engine).then(
          (pending): CheckResult =>
            pending.length === 0
              ? { ok: true }
              : {
                  ok: false,
                  problem: `migrazioni da applicare: ${pending.join(', ')}`,
                  cause: 'il database è di una versione precedente',
                },
          (error: unknown): CheckResult => ({
            ok: false,
            problem: 'migrazioni non verificabili',
            cause: problemOf(error),
          }),
        )
      : { ok: false, problem: 'non verificabili senza database', cause: 'database' };
    const files = await checkWritableDirectory(path.join(dataDir, 'files')).then(
      (): CheckResult => ({ ok: true }),
      (error: unknown): CheckResult => ({
        ok: false,
        problem: 'cartella dei file non scrivibile',
        cause: problemOf(error),
      }),
    );
    return {
      ready: database.ok && migrations.ok && files.ok,
      checks: { database, migrations, files },
    };
  }
}
