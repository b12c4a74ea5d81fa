/**
 * Writes `.env.example` and the README's table of variables from the configuration's schema
 * (apps/server/src/config/environment.ts). Run by `npm run config:docs` after adding or changing
 * a variable; apps/server/test/config-documented.test.ts fails until it has run.
 */
import fs from 'node:fs';
import { envExample, withReadmeTable } from '../apps/server/src/config/docs.js';

const root = new URL('../', import.meta.url);
const readme = new URL('README.md', root);
fs.writeFileSync(new URL('.env.example', root), envExample());
fs.writeFileSync(readme, withReadmeTable(fs.readFileSync(readme, 'utf8')));
