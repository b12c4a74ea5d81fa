import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkArchitecture } from './check-architecture';

const repositoryRoot = path.resolve(import.meta.dirname, '..');

describe('architecture boundaries (docs/architecture.md)', () => {
  it('holds for the repository: no cycles, no feature or domain crossing, no SQL in services', () => {
    expect(checkArchitecture(repositoryRoot)).toEqual([]);
  });

  describe('on a small tree that breaks every rule', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sodalis-architecture-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    write('apps/server/src/a.ts', "import { b } from './b.js';\nexport const a = b;\n");
    write('apps/server/src/b.ts', "import type { a } from './a.js';\nexport const b = 1;\n");
    write(
      'apps/server/src/modules/news/service.ts',
      "import { checkedPdfs } from '../admin/uploads.js';\nexport const q = (db) => db.selectFrom('articles');\n",
    );
    write(
      'apps/server/src/modules/news/admin-service.ts',
      "import { audit } from '../admin/audit.js';\nexport const n = audit;\n",
    );
    write(
      'apps/server/src/modules/admin/audit.ts',
      "import { x } from '../payments/admin-service.js';\nexport const audit = x;\n",
    );
    write('apps/server/src/modules/payments/admin-service.ts', 'export const x = 1;\n');
    write('apps/server/src/modules/admin/uploads.ts', 'export const checkedPdfs = 1;\n');
    write(
      'apps/web/app/features/news/news-item.tsx',
      "import { Part } from '../magazine/part';\nexport const Item = Part;\n",
    );
    write('apps/web/app/features/magazine/part.tsx', 'export const Part = 1;\n');
    write(
      'apps/web/app/routes/news.tsx',
      "import { Screens } from '../features/news/admin/news-screens';\nexport default Screens;\n",
    );
    write('apps/web/app/features/news/admin/news-screens.tsx', 'export const Screens = 1;\n');
    write('apps/server/src/db/migrations/0009-a.ts', 'export const a = 1;\n');
    write('apps/server/src/db/migrations/0009-b.ts', 'export const b = 1;\n');
    write(
      'apps/server/test/modules/news/form.test.ts',
      "const app = createTestApp('sqlite', { web: 'build' });\n",
    );
    write(
      'apps/server/test/web/page.test.ts',
      "const app = createTestApp('sqlite', { web: 'build' });\n",
    );
    afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

    it('reports each crossing with its rule', () => {
      const rules = checkArchitecture(root).map(
        (violation) => `${violation.rule}: ${violation.file}`,
      );
      expect(rules.sort()).toEqual(
        [
          'nessun ciclo di import: apps/server/src/a.ts',
          'il codice pubblico di un dominio non importa modules/admin: apps/server/src/modules/news/service.ts',
          'nessuna query nei servizi: le query stanno nel repository del dominio: apps/server/src/modules/news/service.ts',
          'modules/admin non importa i domini: apps/server/src/modules/admin/audit.ts',
          'una funzionalità non importa un’altra funzionalità: apps/web/app/features/news/news-item.tsx',
          'le pagine non importano le schermate della segreteria: apps/web/app/routes/news.tsx',
          'un numero per migrazione: apps/server/src/db/migrations/0009-b.ts',
          'i test che servono le pagine stanno in apps/server/test/web: apps/server/test/modules/news/form.test.ts',
        ].sort(),
      );
    });
  });
});
