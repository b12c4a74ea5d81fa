import { execFileSync } from 'node:child_process';

/**
 * Two consecutive loopback ports that are free now, for the server and the PayPal stand-in.
 *
 * Chosen below Linux's ephemeral range (32768–60999): a port picked inside it can be taken at
 * any moment by an outgoing connection (a test's database client, a mail delivery) and the
 * server then fails to start with EADDRINUSE. Each candidate pair is tried by listening on it in
 * a short child process, because the Playwright configuration is loaded synchronously.
 */
export function freePortPair(): number {
  const probe = `
    const net = require('node:net');
    const listen = (port) => new Promise((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => resolve(server));
    });
    (async () => {
      for (let attempt = 0; attempt < 50; attempt++) {
        const first = 20000 + 2 * Math.floor(Math.random() * 6000);
        const a = await listen(first);
        if (!a) continue;
        const b = await listen(first + 1);
        a.close();
        if (!b) continue;
        b.close();
        process.stdout.write(String(first));
        return;
      }
      process.exit(1);
    })();
  `;
  const found = execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim();
  const port = Number(found);
  if (!Number.isInteger(port) || port <= 0)
    throw new Error('Nessuna coppia di porte libere trovata per i test end-to-end.');
  return port;
}
