import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { ConfigError, loadConfig } from '../config.js';
import { BackupError } from '../db/backup.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { MemberRuleError } from '../modules/accounts/members-service.js';
import { createServices } from '../services.js';
import { LocalFileStore } from '../files/file-store.js';
import { AppError } from '../http/app-error.js';
import { systemClock } from '../text/dates.js';
import { backup, restore, type BackupReport } from './backup.js';
import { decodeUploadedText } from '../text/encoding.js';
import { importRegister } from '../modules/membership/register-import.js';
import { REGISTER_ROW_OUTCOME_LABELS } from '@sodalis/contracts';

/**
 * The secretariat's command line (`npm run cli -- <comando> …`, README "Gestione degli
 * account"). It works on the same database as the server (same environment variables); e-mails
 * it queues are sent by the running server's outbox.
 */

const USAGE = `Uso: npm run cli -- <comando> [argomenti]

Comandi:
  membri:aggiungi <email> <nome> <cognome> <ruolo>   crea un account (ruolo: socio, affiliato, segreteria)
  membri:importa <file.csv> [--applica]              importa email,nome,cognome,ruolo; senza --applica mostra solo le modifiche
  membri:disattiva <email>                           disattiva un account
  membri:riattiva <email>                            riattiva un account
  membri:ruolo <email> <ruolo>                       cambia il ruolo
  membri:invita <email>                              invia il link per scegliere la password (valido 72 ore)
  membri:2fa-disattiva <email>                       disattiva la verifica in due passaggi (telefono perso)
  soci:importa-registro <file.csv|.xlsx> [--applica] importa il registro dei soci con gli anni pagati; senza --applica mostra solo l'anteprima
  ricerca:ricostruisci                               ricostruisce l'indice della ricerca del sito, testo dei PDF compreso
  backup <cartella>                                  copia database e file in una cartella nuova, anche a server acceso
  restore <cartella>                                 ripristina una copia in una DATA_DIR vuota (e un database PostgreSQL vuoto)`;

/** npm runs workspace scripts in the workspace folder; paths given by the user are theirs. */
const userCwd = process.env.INIT_CWD ?? process.cwd();

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === undefined || command === '--help' || command === 'aiuto') {
    console.log(USAGE);
    return command === undefined ? 1 : 0;
  }
  const config = loadConfig(process.env, userCwd);
  // Neither opens the database as the other commands do: a restore must find it empty.
  if (command === 'backup' || command === 'restore') {
    const folder = args[0];
    if (folder === undefined) throw new BackupError(`manca la cartella\n\n${USAGE}`);
    const directory = path.resolve(userCwd, folder);
    const report =
      command === 'backup' ? await backup(config, directory) : await restore(config, directory);
    printBackupReport(command, directory, report);
    return 0;
  }
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    logger: pino({ level: 'silent' }),
  });
  try {
    await migrateToLatest(database.db, database.engine);
    // The server's composition (ADR 046), nothing started: the e-mails it queues are sent by
    // the running server's outbox, and no reminder runs from here.
    const services = createServices({
      config,
      db: database.db,
      engine: database.engine,
      files: new LocalFileStore(path.join(config.dataDir, 'files')),
      clock: systemClock,
      logger: pino({ level: 'silent' }),
      outboxMode: 'manual',
      remindersMode: 'manual',
    });
    const { members } = services;
    const need = (count: number) => {
      if (args.filter((arg) => !arg.startsWith('--')).length < count)
        throw new MemberRuleError(`argomenti mancanti\n\n${USAGE}`);
    };
    switch (command) {
      case 'membri:aggiungi': {
        need(4);
        const [email = '', firstName = '', lastName = '', role = ''] = args;
        const member = await members.add({ email, firstName, lastName, role });
        console.log(
          `Creato ${member.email} (${member.role}). Invia l'accesso con: npm run cli -- membri:invita ${member.email}`,
        );
        return 0;
      }
      case 'membri:importa': {
        need(1);
        const file = path.resolve(userCwd, args[0] ?? '');
        const apply = args.includes('--applica');
        const report = await members.importCsv(decodeUploadedText(fs.readFileSync(file)).text, {
          apply,
        });
        console.log(
          `${apply ? 'Importazione eseguita' : 'Anteprima (nulla è stato scritto; aggiungi --applica)'}: ${file}`,
        );
        console.log(
          `  nuovi: ${report.created.length}${report.created.length ? ` (${report.created.join(', ')})` : ''}`,
        );
        console.log(
          `  aggiornati: ${report.updated.length}${report.updated.length ? ` (${report.updated.join(', ')})` : ''}`,
        );
        console.log(`  invariati: ${report.unchanged.length}`);
        console.log(`  scartati: ${report.rejected.length}`);
        for (const rejected of report.rejected)
          console.log(`    riga ${rejected.line}: ${rejected.reason}`);
        return 0;
      }
      case 'membri:disattiva':
      case 'membri:riattiva': {
        need(1);
        await members.setStatus(
          args[0] ?? '',
          command === 'membri:disattiva' ? 'disabled' : 'active',
        );
        console.log(`${command === 'membri:disattiva' ? 'Disattivato' : 'Riattivato'} ${args[0]}`);
        return 0;
      }
      case 'membri:ruolo': {
        need(2);
        await members.changeRole(args[0] ?? '', args[1] ?? '');
        console.log(`Ruolo di ${args[0]}: ${args[1]}`);
        return 0;
      }
      case 'membri:invita': {
        need(1);
        await members.invite(args[0] ?? '');
        console.log(`Invito accodato per ${args[0]}: lo invia il server (posta in uscita).`);
        return 0;
      }
      case 'membri:2fa-disattiva': {
        need(1);
        const email = (args[0] ?? '').trim().toLowerCase();
        try {
          const wasOn = await services.twoFactor.disableByEmail(email);
          console.log(
            wasOn
              ? `Verifica in due passaggi disattivata per ${email} (dalla riga di comando, ${new Date().toISOString()}). Al prossimo accesso basta la password; può riattivarla dall'amministrazione.`
              : `La verifica in due passaggi non era attiva per ${email}: nulla da fare.`,
          );
        } catch (error) {
          if (error instanceof AppError && error.status === 404)
            throw new MemberRuleError(`nessun account con e-mail ${email}`);
          throw error;
        }
        return 0;
      }
      case 'soci:importa-registro': {
        need(1);
        const file = path.resolve(userCwd, args[0] ?? '');
        const apply = args.includes('--applica');
        // The back office's import, the same code (ADR 042); the CLI writes no audit entry.
        const report = await importRegister(
          {
            db: services.db,
            clock: services.clock,
            logger: services.logger,
            memberNumberFormat: config.membership.memberNumberFormat,
            society: services.society,
          },
          null,
          { fileName: path.basename(file), content: fs.readFileSync(file) },
          apply,
        );
        console.log(`${report.message} (${file}, letto come ${report.format})`);
        for (const row of report.rows) {
          if (row.outcome === 'unchanged') continue;
          console.log(
            `  riga ${row.line} ${row.email}: ${REGISTER_ROW_OUTCOME_LABELS[row.outcome].toLowerCase()}${row.notes.length > 0 ? ` – ${row.notes.join(' ')}` : ''}`,
          );
        }
        if (!apply) console.log('Nulla è stato scritto: aggiungi --applica per importare.');
        return report.counts.refused > 0 ? 2 : 0;
      }
      case 'ricerca:ricostruisci': {
        // The PDFs are read here, not queued: the command ends with the index complete.
        const summary = await services.searchIndex.rebuild('now');
        console.log(
          `Indice di ricerca ricostruito: ${summary.records} contenuti, ${summary.documents} PDF letti.`,
        );
        return 0;
      }
      default:
        console.error(`Comando sconosciuto: ${command}\n\n${USAGE}`);
        return 1;
    }
  } finally {
    await database.close();
  }
}

function printBackupReport(
  command: 'backup' | 'restore',
  directory: string,
  { manifest, manualCommands }: BackupReport,
): void {
  const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
  const summary = `${Object.keys(manifest.tables).length} tabelle, ${rows} righe, ${manifest.files.length} file`;
  console.log(
    command === 'backup'
      ? `Copia di sicurezza in ${directory}: ${summary} (manifest.json con i checksum).`
      : `Ripristino da ${directory} completato: ${summary}, checksum verificati.`,
  );
  if (manualCommands.length > 0) {
    console.log(
      `\nDa completare a mano: ${command === 'backup' ? 'pg_dump' : 'pg_restore'} non trovato (installa postgresql-client o indica la cartella in PG_BIN). Esegui, con la password in PGPASSWORD:`,
    );
    for (const line of manualCommands) console.log(`  ${line}`);
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (
      error instanceof MemberRuleError ||
      error instanceof ConfigError ||
      error instanceof BackupError
    ) {
      console.error(`Errore: ${error.message}`);
    } else if (error instanceof AppError && error.status === 400) {
      // A refused file (the register import): its Italian reasons, not a stack.
      const reasons = error.issues?.map((issue) => issue.message) ?? [error.message];
      console.error(`Errore: ${reasons.join(' ')}`);
    } else if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      console.error(`Errore: file non trovato (${(error as NodeJS.ErrnoException).path ?? ''})`);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
