import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_VARIABLES } from '../src/config.js';
import { envExample, withReadmeTable } from '../src/config/docs.js';

const root = new URL('../../../', import.meta.url);

/** Variables named by `.env.example`'s assignments. */
function envExampleVariables(): string[] {
  const text = readFileSync(new URL('.env.example', root), 'utf8');
  return [...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1] ?? '');
}

/** Variables named in the first cell of the README's configuration table. */
function readmeVariables(): string[] {
  const text = readFileSync(new URL('README.md', root), 'utf8');
  const section = text.slice(text.indexOf('## Configurazione'));
  const rows = section.slice(0, section.indexOf('\n## ')).split('\n');
  return rows
    .filter((row) => row.startsWith('| `'))
    .flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)])
    .map((match) => match[1] ?? '');
}

describe('configuration documentation', () => {
  const schemaVariables = Object.keys(ENVIRONMENT_VARIABLES.shape).sort();

  it('describes every variable in the schema', () => {
    for (const [name, schema] of Object.entries(ENVIRONMENT_VARIABLES.shape)) {
      expect(schema.description, name).toMatch(/\S/);
    }
  });

  it('lists in .env.example the variables the schema reads, once each', () => {
    const listed = envExampleVariables();
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(schemaVariables);
  });

  it('lists in the README’s table the variables the schema reads', () => {
    expect([...new Set(readmeVariables())].sort()).toEqual(schemaVariables);
  });

  it('has .env.example and the README’s table as the schema writes them (npm run config:docs)', () => {
    expect(readFileSync(new URL('.env.example', root), 'utf8')).toBe(envExample());
    const readme = readFileSync(new URL('README.md', root), 'utf8');
    expect(readme).toBe(withReadmeTable(readme));
  });
});
