import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/**
 * The e-mails the e2e server wrote: without SMTP_URL the outbox writes each message as an .eml
 * file under DATA_DIR/mail (the server's data folder is E2E_DATA_DIR).
 */
function mailDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR non impostata');
  return path.join(dataDir, 'mail');
}

/** Headers unfolded and quoted-printable soft breaks removed: enough to read links and subjects. */
function readable(raw: string): string {
  return raw
    .replace(/\r\n/g, '\n')
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function messages(): string[] {
  const dir = mailDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => readable(fs.readFileSync(path.join(dir, name), 'latin1')));
}

/**
 * Waits for the outbox to deliver a message containing `text` (an address, a title) and answers
 * it; messages in `except` (read before) do not count.
 */
export async function waitForMail(text: string, except: string[] = []): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = messages().find((message) => message.includes(text) && !except.includes(message));
        return found !== undefined;
      },
      { message: `nessuna e-mail con "${text}"`, timeout: 15_000 },
    )
    .toBe(true);
  return found as string;
}

/** The path and query of the first link to `pathname` in a message (the host is the server's). */
export function linkPath(message: string, pathname: string): string {
  const match = new RegExp(`https?://[^/\\s]+(${pathname}\\?token=[A-Za-z0-9_-]+)`).exec(message);
  if (!match?.[1]) throw new Error(`nessun link a ${pathname}`);
  return match[1];
}
