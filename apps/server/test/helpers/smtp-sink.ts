import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback (`smtp-server`) that keeps what it receives. It can be
 * stopped and started again on the same port (SMTP down, then up), or told to refuse messages
 * with a temporary error.
 */
export class SmtpSink {
  readonly messages: ReceivedMail[] = [];
  /** When set, every message is refused with this SMTP reply (e.g. 451). */
  refuse: { code: number; message: string } | null = null;
  private server: SMTPServer | null = null;
  private port = 0;

  get url(): string {
    if (this.port === 0) throw new Error('SmtpSink not started');
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (this.refuse !== null) {
            const error = new Error(this.refuse.message) as Error & { responseCode: number };
            error.responseCode = this.refuse.code;
            callback(error);
            return;
          }
          const envelope = session.envelope;
          this.messages.push({
            from: envelope.mailFrom === false ? '' : envelope.mailFrom.address,
            to: envelope.rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    server.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      server.listen(this.port, '127.0.0.1', () => resolve());
      server.server.once('error', reject);
    });
    const address = server.server.address();
    if (address === null || typeof address === 'string') throw new Error('no SMTP port');
    this.port = address.port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server === null) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** The parts of a received message a test reads: decoded headers, text and attachments. */
export interface ParsedMail {
  headers: Map<string, string>;
  subject: string;
  text: string;
  attachments: { fileName: string; content: Buffer }[];
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_match, _charset, encoding: string, text) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

function decodeQuotedPrintable(text: string): Buffer {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < soft.length; index += 1) {
    const char = soft[index] as string;
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(index + 1, index + 3))) {
      bytes.push(parseInt(soft.slice(index + 1, index + 3), 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string): Buffer {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return Buffer.from(body, 'utf8');
}

/** A small MIME reader, enough for the messages nodemailer writes. */
export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitEntity(raw);
  const parsed: ParsedMail = {
    headers,
    subject: decodeWords(headers.get('subject') ?? ''),
    text: '',
    attachments: [],
  };
  const visit = (entityHeaders: Map<string, string>, entityBody: string) => {
    const type = entityHeaders.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary !== undefined) {
      const parts = entityBody.split(`--${boundary}`).slice(1);
      for (const part of parts) {
        if (part.startsWith('--')) break;
        const entity = splitEntity(part.replace(/^\n/, ''));
        visit(entity.headers, entity.body.replace(/\n$/, ''));
      }
      return;
    }
    const disposition = entityHeaders.get('content-disposition') ?? '';
    if (disposition.toLowerCase().startsWith('attachment')) {
      const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '';
      parsed.attachments.push({
        fileName: decodeWords(fileName),
        content: decodeBody(entityHeaders, entityBody),
      });
    } else if (type.toLowerCase().startsWith('text/plain')) {
      parsed.text += decodeBody(entityHeaders, entityBody).toString('utf8');
    }
  };
  visit(headers, body);
  return parsed;
}
