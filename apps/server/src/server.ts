import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

/** Longest wait for in-flight requests on shutdown before the process exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  // Whatever the process creates (database, documents, mail) is the owner's alone (ADR 028).
  process.umask(0o077);
  let config;
  try {
    // npm runs workspace scripts inside the workspace; relative paths (DATA_DIR) are the
    // user's, relative to where `npm start` was typed.
    config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'arresto in corso: nessuna nuova richiesta, attendo quelle in corso');
    const timer = setTimeout(() => {
      app.log.error('arresto forzato dopo 10 secondi');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    // close() stops accepting, waits for in-flight requests, then runs onClose (database).
    app.close().then(
      () => {
        app.log.info('arresto completato');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'errore durante l’arresto');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Avvio non riuscito: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  if (error instanceof Error && error.cause)
    process.stderr.write(`Causa: ${String(error.cause)}\n`);
  process.exit(1);
});
