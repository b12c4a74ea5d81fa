import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkArchitecture } from './check-architecture';

const repositoryRoot = path.resolve(import.meta.dirname, '..');

/** A scratch tree to check, removed after its tests, and how to write a file in it. */
function scratchTree(prefix: string) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  return { root, write };
}

describe('architecture boundaries (docs/architecture.md)', () => {
  it('holds for the repository: no cycles, no feature or domain crossing, no SQL in services', () => {
    expect(checkArchitecture(repositoryRoot)).toEqual([]);
  });

  describe('on a small tree that breaks every rule', () => {
    const { root, write } = scratchTree('sodalis-architecture-');
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
    // The composition naming a domain beside the list of modules.
    write(
      'apps/server/src/app.ts',
      "import { SERVER_MODULES } from './modules/index.js';\nimport { newsRoutes } from './modules/news/routes.js';\nexport const app = [SERVER_MODULES, newsRoutes];\n",
    );
    write('apps/server/src/modules/index.ts', 'export const SERVER_MODULES = [];\n');
    write('apps/server/src/modules/news/routes.ts', 'export const newsRoutes = 1;\n');
    write(
      'apps/server/src/services.ts',
      "import { OutboxWorker } from './modules/outbox/worker.js';\nexport const s = OutboxWorker;\n",
    );
    write('apps/server/src/modules/outbox/worker.ts', 'export const OutboxWorker = 1;\n');

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
          'la composizione importa i moduli solo dalla loro lista: apps/server/src/app.ts',
        ].sort(),
      );
    });
  });

  describe('on a tree whose folders know each other both ways, though no file cycles', () => {
    const { root, write } = scratchTree('sodalis-architecture-folders-');
    // search reads news's repository while news calls search's indexer: two files each way,
    // no cycle between files, one between the folders.
    write(
      'apps/server/src/modules/search/sources.ts',
      "import { rows } from '../news/repository.js';\nexport const sources = rows;\n",
    );
    write('apps/server/src/modules/search/indexer.ts', 'export const indexer = 1;\n');
    write('apps/server/src/modules/news/repository.ts', 'export const rows = 1;\n');
    write(
      'apps/server/src/modules/news/service.ts',
      "import { indexer } from '../search/indexer.js';\nexport const news = indexer;\n",
    );
    // Three folders around: outbox → newsletter → payments → outbox.
    write(
      'apps/server/src/modules/outbox/handlers.ts',
      "import { a } from '../newsletter/repository.js';\nexport const h = a;\n",
    );
    write(
      'apps/server/src/modules/newsletter/repository.ts',
      "import { p } from '../payments/repository.js';\nexport const a = p;\n",
    );
    write(
      'apps/server/src/modules/payments/repository.ts',
      "import { enqueue } from '../outbox/outbox.js';\nexport const p = enqueue;\n",
    );
    write('apps/server/src/modules/outbox/outbox.ts', 'export const enqueue = 1;\n');
    // The web's features: a kit that imports the features using it.
    write(
      'apps/web/app/features/admin/menu.tsx',
      "import { Screens } from '../news/admin/news-screens';\nexport const Menu = Screens;\n",
    );
    write(
      'apps/web/app/features/news/admin/news-screens.tsx',
      "import { kit } from '../../admin/kit';\nexport const Screens = kit;\n",
    );
    write('apps/web/app/features/admin/kit.ts', 'export const kit = 1;\n');
    // The staff kit with the guard that needs accounts, while accounts uses the kit.
    write(
      'apps/server/src/modules/admin/access.ts',
      "import { requireMember } from '../accounts/guard.js';\nexport const requireStaff = requireMember;\n",
    );
    write('apps/server/src/modules/accounts/guard.ts', 'export const requireMember = 1;\n');
    write(
      'apps/server/src/modules/accounts/admin-routes.ts',
      "import { requireStaff } from '../admin/access.js';\nexport const routes = requireStaff;\n",
    );
    // The admin app's composition above the features: it may import their staff screens, and
    // only the back office's route may import it.
    write(
      'apps/web/app/admin-app.tsx',
      "import { Screens } from './features/news/admin/news-screens';\nexport default Screens;\n",
    );
    write(
      'apps/web/app/routes/amministrazione.tsx',
      "const App = import('../admin-app');\nexport default App;\n",
    );
    write('apps/web/app/routes/home.tsx', "import App from '../admin-app';\nexport default App;\n");
    // A query outside a repository, away from the services too.
    write(
      'apps/server/src/cache/version.ts',
      "export const bump = (db) => db.updateTable('content_version');\n",
    );
    write(
      'apps/server/src/modules/news/public-reads.ts',
      "export const reads = (db) => db.selectFrom('articles');\n",
    );

    it('reports each folder cycle once, with an import that makes each step, and SQL outside a repository', () => {
      const violations = checkArchitecture(root);
      const folderCycles = violations.filter((v) => v.rule === 'nessun ciclo tra cartelle');
      expect(folderCycles.map((v) => v.detail.split(' (')[0]).sort()).toEqual(
        [
          'news → search → news',
          'newsletter → payments → outbox → newsletter',
          'admin → news → admin',
          'accounts → admin → accounts',
        ].sort(),
      );
      const [search] = folderCycles.filter((v) => v.detail.startsWith('news → search'));
      expect(search?.detail).toContain(
        'modules/news/service.ts → modules/search/indexer.ts; modules/search/sources.ts → modules/news/repository.ts',
      );
      expect(violations.filter((v) => v.rule === 'nessun ciclo di import')).toEqual([]);
      expect(
        violations
          .filter((v) => v.rule === 'nessuna query fuori da un repository')
          .map((v) => v.file)
          .sort(),
      ).toEqual([
        'apps/server/src/cache/version.ts',
        'apps/server/src/modules/news/public-reads.ts',
      ]);
      // The kit importing a feature's screens is also a feature crossing (only app/admin-app.tsx may).
      expect(
        violations.filter((v) => v.rule === 'una funzionalità non importa un’altra funzionalità'),
      ).toEqual([expect.objectContaining({ file: 'apps/web/app/features/admin/menu.tsx' })]);
      expect(
        violations
          .filter((v) =>
            [
              'modules/admin non importa i domini',
              'le pagine non importano le schermate della segreteria',
            ].includes(v.rule),
          )
          .map((v) => `${v.rule}: ${v.file}`)
          .sort(),
      ).toEqual([
        'le pagine non importano le schermate della segreteria: apps/web/app/routes/home.tsx',
        'modules/admin non importa i domini: apps/server/src/modules/admin/access.ts',
      ]);
      expect(violations).toHaveLength(9);
    });
  });
});
