import { z } from 'zod';
import { ENVIRONMENT_VARIABLES } from './environment.js';

/**
 * `.env.example` and the README's table of variables, written from the schema
 * (`npm run config:docs`); `test/config-documented.test.ts` fails when the files differ.
 */

interface Documented {
  name: string;
  description: string;
  /** The default as written in the environment; undefined when none or computed. */
  fallback: string | undefined;
  whenUnset: string | undefined;
}

function documented(): Documented[] {
  return Object.entries(ENVIRONMENT_VARIABLES.shape).map(([name, schema]) => {
    const meta = z.globalRegistry.get(schema);
    return {
      name,
      description: meta?.description ?? '',
      fallback: schema instanceof z.ZodPrefault ? String(schema.def.defaultValue) : undefined,
      whenUnset: meta?.whenUnset,
    };
  });
}

const README_HEADER = '| variabile | predefinito | significato |';

/** The README's table: name, default (`—`: none), meaning. */
export function readmeTable(): string {
  const rows = documented().map(({ name, description, fallback, whenUnset }) => {
    const unset = fallback === undefined ? (whenUnset ?? '—') : `\`${fallback}\``;
    return `| \`${name}\` | ${unset} | ${description} |`;
  });
  return [README_HEADER, '|---|---|---|', ...rows].join('\n');
}

/** `readme` with its table of variables replaced by the schema's. */
export function withReadmeTable(readme: string): string {
  const start = readme.indexOf(README_HEADER);
  const end = readme.indexOf('\n\n', start);
  if (start < 0 || end < 0) throw new Error(`README.md: manca la tabella "${README_HEADER}".`);
  return readme.slice(0, start) + readmeTable() + readme.slice(end);
}

/** `# `-comment lines of at most 100 characters. */
function comment(text: string): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + word.length + 1 <= 100)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(`# ${word}`);
  }
  return lines;
}

export function envExample(): string {
  const plain = (text: string) => text.replaceAll('`', '');
  const variables = documented().flatMap(({ name, description, fallback, whenUnset }) => [
    ...comment(`${plain(description)}${whenUnset ? `; vuoto: ${plain(whenUnset)}` : ''}.`),
    `${name}=${fallback ?? ''}`,
  ]);
  return [
    ...comment(
      'Configurazione di Sodalis: ogni variabile che il server legge, con il suo valore predefinito (vuota: non impostata). Scritto dallo schema (apps/server/src/config/environment.ts) con npm run config:docs, come la tabella del README: un test li confronta.',
    ),
    '',
    ...variables,
    '',
  ].join('\n');
}
