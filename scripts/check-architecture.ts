/**
 * The architecture's boundaries, checked on the import graph (docs/architecture.md, "Rules").
 * Run by `npm run lint` and by the test suite (test/architecture.test.ts), so a change that
 * crosses a boundary fails before it lands.
 *
 * - No import cycles in the server, the web app or the contracts (type-only imports included).
 * - No cycle between folders (ADR 044): the graph of `modules/<x>` (server) and `features/<x>`
 *   (web), drawn from the file imports, has none, so a shared kit sits below the domains it
 *   serves and takes what they give it.
 * - Web: a feature imports no other feature; a feature's staff screens (`features/<x>/admin/`)
 *   may use the shared staff kit in `features/admin/`; only the admin app's composition
 *   (`app/admin-app.tsx`) imports the domains' staff screens, and only the back office's route
 *   imports it; routes never import staff screens (the back office stays its own lazy chunk).
 * - Server: the shared staff kit in `modules/admin/` imports no domain (the staff guard is in
 *   accounts, the staff route registry beside `app.ts`); a domain's public code (anything not
 *   named `admin-*`) never imports `modules/admin/` but for the audit log; no domain imports
 *   another domain's staff files.
 * - Server: the composition (`app.ts`, `services.ts`, `staff-routes.ts`) imports no domain
 *   but through the list of modules (`modules/index.ts`, ADR 046).
 * - Server: no SQL outside a repository, anywhere (`isRepository` says where SQL may be).
 * - Migrations: each number once (Kysely runs them by name; two migrations of one number leave
 *   their order to the rest of the name). The two 0007 migrations predate this rule and keep
 *   their names: a database records the names it has run.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface Violation {
  rule: string;
  file: string;
  detail: string;
}

const SOURCE_EXTENSIONS = ['.ts', '.tsx'];
const IMPORT_PATTERN =
  /(?:^|[\s;])(?:import|export)\s(?:[^'"]*?\sfrom\s)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
const SQL_PATTERN =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto)\(|\bsql\s*`|\bsql</;

function walk(directory: string, found: string[] = []): string[] {
  if (!fs.existsSync(directory)) return found;
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) walk(full, found);
    else if (SOURCE_EXTENSIONS.includes(path.extname(entry.name)) && !entry.name.endsWith('.d.ts'))
      found.push(full);
  }
  return found;
}

function resolveImport(fromFile: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const stem = /\.(js|jsx)$/.test(base) ? base.replace(/\.(js|jsx)$/, '') : base;
  const candidates = [
    ...SOURCE_EXTENSIONS.map((extension) => stem + extension),
    base,
    ...SOURCE_EXTENSIONS.map((extension) => path.join(base, `index${extension}`)),
  ];
  return (
    candidates.find(
      (candidate) =>
        SOURCE_EXTENSIONS.includes(path.extname(candidate)) &&
        fs.existsSync(candidate) &&
        fs.statSync(candidate).isFile(),
    ) ?? null
  );
}

/** Relative imports of every source file, resolved to files. */
function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    const targets: string[] = [];
    for (const match of source.matchAll(IMPORT_PATTERN)) {
      const specifier = match[1] ?? match[2];
      if (specifier === undefined) continue;
      const target = resolveImport(file, specifier);
      if (target !== null) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Each cycle once, as the files along it. */
function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (state.get(target) === 'open') cycles.push(stack.slice(stack.indexOf(target)));
      else if (state.get(target) === undefined) visit(target);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (state.get(file) === undefined) visit(file);
  return cycles;
}

interface FolderCycle {
  /** The folders along the cycle, the first not repeated at the end. */
  folders: string[];
  /** For each step, one import that makes it: [importing file, imported file]. */
  witnesses: [string, string][];
}

/**
 * Cycles between the folders of `root` (`modules/<x>` → `modules/<y>` → … → `modules/<x>`):
 * files may avoid a cycle while their folders still know each other both ways, so neither
 * can change, be tested or be understood without the other (ADR 044).
 */
function folderCycles(graph: Map<string, string[]>, root: string): FolderCycle[] {
  const edges = new Map<string, Map<string, [string, string]>>();
  for (const [file, targets] of graph) {
    const from = file.startsWith(root + path.sep) ? domainOf(file, root) : null;
    if (from === null) continue;
    for (const target of targets) {
      const to = target.startsWith(root + path.sep) ? domainOf(target, root) : null;
      if (to === null || to === from) continue;
      const out = edges.get(from) ?? new Map<string, [string, string]>();
      if (!out.has(to)) out.set(to, [file, target]);
      edges.set(from, out);
    }
  }
  const folderGraph = new Map<string, string[]>();
  for (const [from, out] of edges) folderGraph.set(from, [...out.keys()].sort());
  for (const out of edges.values()) {
    for (const to of out.keys()) if (!folderGraph.has(to)) folderGraph.set(to, []);
  }
  return findCycles(folderGraph).map((folders) => ({
    folders,
    witnesses: folders.map((from, index) => {
      const to = folders[(index + 1) % folders.length] ?? from;
      return edges.get(from)?.get(to) ?? [from, to];
    }),
  }));
}

/** "news → search → news (news/a.ts → search/b.ts; search/c.ts → news/d.ts)". */
function describeFolderCycle(cycle: FolderCycle, relative: (file: string) => string): string {
  const chain = [...cycle.folders, cycle.folders[0] ?? ''].join(' → ');
  const steps = cycle.witnesses.map(([from, to]) => `${relative(from)} → ${relative(to)}`);
  return `${chain} (${steps.join('; ')})`;
}

/** `modules/<domain>/…` or `features/<domain>/…` → the domain, else null. */
function domainOf(file: string, root: string): string | null {
  const relative = path.relative(root, file).split(path.sep);
  return relative.length > 1 ? (relative[0] ?? null) : null;
}

/**
 * Where the server's SQL may be, as paths from `apps/server/src`: a repository
 * (`repository.ts`, `<x>-repository.ts`); the database layer itself (`db/`: schema, migrations,
 * seeds, backup, the scheduled runs' claims); the query kit the repositories share
 * (`modules/listing/`, and `text/search-text.ts`, the folded-text expressions of their searches).
 */
function isRepository(where: string): boolean {
  const name = path.basename(where);
  if (name === 'repository.ts' || name.endsWith('-repository.ts')) return true;
  const top = where.split(path.sep)[0];
  if (top === 'db') return true;
  return (
    where.startsWith(path.join('modules', 'listing') + path.sep) ||
    where === path.join('text', 'search-text.ts')
  );
}

/** The back office's composition: the one web file that imports every feature's staff screens. */
const ADMIN_APP = 'admin-app.tsx';

/** The server's composition: it builds, registers and starts what the modules describe. */
const COMPOSITION_FILES = ['app.ts', 'services.ts', 'staff-routes.ts'];

/**
 * What the composition may import from `modules/`, as paths from there: the list of modules,
 * their contract, the staff kit (the registry's own routes: home, audit log, me) and the outbox
 * worker that runs every module's jobs (ADR 046).
 */
const COMPOSITION_MAY_IMPORT = [
  'index.ts',
  'module.ts',
  path.join('admin') + path.sep,
  path.join('outbox', 'worker.ts'),
];

/** Modules every domain may use: list paging and stored attachments (no tables of their own). */
const SHARED_MODULES = new Set(['listing', 'attachments']);

/**
 * The audit log records what staff did wherever they did it, sign-in security included
 * (two-factor enrolment is audited, ADR 017): any domain may write to it.
 */
const isAuditLog = (file: string) => file.endsWith(path.join('modules', 'admin', 'audit.ts'));

/** A domain's staff side: `admin-routes.ts`, `admin-service.ts`, `members-admin-service.ts`… */
const isStaffFile = (file: string) => /(^|-)admin[-.]/.test(path.basename(file));

export function checkArchitecture(repositoryRoot: string): Violation[] {
  const violations: Violation[] = [];
  const relative = (file: string) => path.relative(repositoryRoot, file);
  const serverSrc = path.join(repositoryRoot, 'apps/server/src');
  const webApp = path.join(repositoryRoot, 'apps/web/app');
  const contractsSrc = path.join(repositoryRoot, 'packages/contracts/src');

  for (const root of [serverSrc, webApp, contractsSrc]) {
    const graph = importGraph(walk(root));
    for (const cycle of findCycles(graph)) {
      violations.push({
        rule: 'nessun ciclo di import',
        file: relative(cycle[0] ?? root),
        detail: [...cycle, cycle[0] ?? ''].map(relative).join(' → '),
      });
    }

    const folders = root === serverSrc ? 'modules' : root === webApp ? 'features' : null;
    if (folders !== null) {
      for (const cycle of folderCycles(graph, path.join(root, folders))) {
        violations.push({
          rule: 'nessun ciclo tra cartelle',
          file: relative(path.join(root, folders, cycle.folders[0] ?? '')),
          detail: describeFolderCycle(cycle, (file) => path.relative(root, file)),
        });
      }
    }

    if (root === webApp) {
      const features = path.join(webApp, 'features');
      for (const [file, targets] of graph) {
        const fromFeature = file.startsWith(features + path.sep) ? domainOf(file, features) : null;
        for (const target of targets) {
          if (
            target === path.join(webApp, ADMIN_APP) &&
            path.relative(webApp, file) !== path.join('routes', 'amministrazione.tsx')
          ) {
            violations.push({
              rule: 'le pagine non importano le schermate della segreteria',
              file: relative(file),
              detail: relative(target),
            });
          }
          if (!target.startsWith(features + path.sep)) continue;
          const toFeature = domainOf(target, features);
          const toStaffScreens =
            toFeature !== 'admin' && path.relative(features, target).split(path.sep)[1] === 'admin';
          if (fromFeature === null) {
            // The admin app's composition sits beside the route table, above every feature,
            // as the server's staff registry beside app.ts (ADR 044).
            if (path.relative(webApp, file) === ADMIN_APP) continue;
            if (toStaffScreens || toFeature === 'admin') {
              violations.push({
                rule: 'le pagine non importano le schermate della segreteria',
                file: relative(file),
                detail: relative(target),
              });
            }
            continue;
          }
          if (toFeature === fromFeature) continue;
          const fromStaffScreens = path.relative(features, file).split(path.sep)[1] === 'admin';
          const allowed = toFeature === 'admin' && (fromStaffScreens || fromFeature === 'admin');
          if (!allowed) {
            violations.push({
              rule: 'una funzionalità non importa un’altra funzionalità',
              file: relative(file),
              detail: relative(target),
            });
          }
        }
      }
    }

    if (root === serverSrc) {
      const modules = path.join(serverSrc, 'modules');
      for (const [file, targets] of graph) {
        if (!file.startsWith(modules + path.sep)) continue;
        const fromDomain = domainOf(file, modules);
        // The list of modules and their contract (`modules/index.ts`, `modules/module.ts`) sit
        // above every domain, as the composition does (ADR 046).
        if (fromDomain === null) continue;
        for (const target of targets) {
          if (!target.startsWith(modules + path.sep)) continue;
          const toDomain = domainOf(target, modules);
          if (toDomain === fromDomain || (toDomain !== null && SHARED_MODULES.has(toDomain)))
            continue;
          if (fromDomain === 'admin') {
            violations.push({
              rule: 'modules/admin non importa i domini',
              file: relative(file),
              detail: relative(target),
            });
          } else if (toDomain === 'admin' && !isStaffFile(file) && !isAuditLog(target)) {
            violations.push({
              rule: 'il codice pubblico di un dominio non importa modules/admin',
              file: relative(file),
              detail: relative(target),
            });
          } else if (toDomain !== 'admin' && isStaffFile(target)) {
            violations.push({
              rule: 'un dominio non importa i file della segreteria di un altro',
              file: relative(file),
              detail: relative(target),
            });
          }
        }
      }
      // The composition loops over the list of modules (ADR 046): it names no domain itself.
      for (const composer of COMPOSITION_FILES) {
        const file = path.join(serverSrc, composer);
        for (const target of graph.get(file) ?? []) {
          if (!target.startsWith(modules + path.sep)) continue;
          const where = path.relative(modules, target);
          if (
            COMPOSITION_MAY_IMPORT.some((allowed) => where === allowed || where.startsWith(allowed))
          )
            continue;
          violations.push({
            rule: 'la composizione importa i moduli solo dalla loro lista',
            file: relative(file),
            detail: relative(target),
          });
        }
      }
      // Every query in a repository, anywhere in the server (ADR 044): services are named for
      // it, as the rule began there; any other file has the general rule.
      for (const file of graph.keys()) {
        const where = path.relative(serverSrc, file);
        if (isRepository(where) || !SQL_PATTERN.test(fs.readFileSync(file, 'utf8'))) continue;
        violations.push({
          rule: /service\.ts$/.test(file)
            ? 'nessuna query nei servizi: le query stanno nel repository del dominio'
            : 'nessuna query fuori da un repository',
          file: relative(file),
          detail: 'selectFrom/insertInto/updateTable/deleteFrom/sql',
        });
      }
    }
  }
  const migrations = path.join(serverSrc, 'db', 'migrations');
  const byNumber = new Map<string, string[]>();
  for (const file of fs.existsSync(migrations) ? fs.readdirSync(migrations).sort() : []) {
    const number = /^(\d{4})-/.exec(file)?.[1];
    if (number !== undefined) byNumber.set(number, [...(byNumber.get(number) ?? []), file]);
  }
  for (const [number, files] of byNumber) {
    if (files.length > 1 && !LEGACY_SHARED_MIGRATION_NUMBERS.has(number)) {
      violations.push({
        rule: 'un numero per migrazione',
        file: relative(path.join(migrations, files[1] ?? '')),
        detail: files.join(', '),
      });
    }
  }
  // The served pages' tests need the client build; the Node 22 stage (scripts/test-node22.sh)
  // runs the API tests without it and leaves out apps/server/test/web only.
  const serverTests = path.join(repositoryRoot, 'apps/server/test');
  const webTests = path.join(serverTests, 'web');
  for (const file of fs.existsSync(serverTests) ? walk(serverTests) : []) {
    if (file.startsWith(webTests + path.sep)) continue;
    if (/web:\s*'build'/.test(fs.readFileSync(file, 'utf8'))) {
      violations.push({
        rule: 'i test che servono le pagine stanno in apps/server/test/web',
        file: relative(file),
        detail: "web: 'build'",
      });
    }
  }
  return violations;
}

/** Migration numbers used twice before the rule (renaming would re-run them on old databases). */
const LEGACY_SHARED_MIGRATION_NUMBERS = new Set(['0007']);

// `tsx scripts/check-architecture.ts` (npm run lint): print and fail on any violation.
if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === import.meta.filename) {
  const violations = checkArchitecture(path.resolve(import.meta.dirname, '..'));
  for (const violation of violations) {
    console.error(`${violation.file}: ${violation.rule} (${violation.detail})`);
  }
  if (violations.length > 0) process.exit(1);
  console.log('architettura: nessuna violazione');
}
