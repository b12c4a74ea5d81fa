import fs from 'node:fs';
import path from 'node:path';
import type { AtRule, Container, Plugin, Root } from 'postcss';

/**
 * Drops the rules of a stylesheet that no page can match, at build time (ADR 020): Bootstrap is
 * compiled whole per component, and a page sends every rule before its first paint. A class is
 * "used" when it appears as a word in the sources that render the pages (their class names are
 * literal strings; react-bootstrap's generated names are not used). Classes composed at run time
 * from a variable are kept by `keep`.
 */

/** A class name or custom property as written in a source: letters, digits, `-` and `_`. */
const WORD = /-?-?[A-Za-z_][\w-]*/g;
const SOURCE_FILE = /\.(?:tsx?|s?css)$/;
/** Classes of a selector (`.btn`, `.col-md-6`), escapes included. */
const CLASS_IN_SELECTOR = /\.((?:\\.|[\w-])+)/g;
/** `data-*` attributes of a selector: Bootstrap's colour modes and its JavaScript's hooks. */
const DATA_ATTRIBUTE_IN_SELECTOR = /\[(data-[\w-]+)/g;
/**
 * Pseudo-classes whose arguments never make a selector unmatchable (`:not(.disabled)` matches
 * more when `.disabled` is absent; `:is`/`:where`/`:has` lists are kept whole, to be safe).
 */
const LENIENT_PSEUDO = /:(?:not|is|where|has)\((?:[^()]|\([^()]*\))*\)/g;
const CUSTOM_PROPERTY_USE = /var\(\s*(--[\w-]+)/g;
const ANIMATION_NAME_WORD = /[\w-]+/g;

/** Every word of the source files under `directory` (recursive) not under an `exclude` path. */
export function sourceWords(directory: string, exclude: (file: string) => boolean): Set<string> {
  const words = new Set<string>();
  for (const entry of fs.readdirSync(directory, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !SOURCE_FILE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (exclude(file)) continue;
    for (const [word] of fs.readFileSync(file, 'utf8').matchAll(WORD)) words.add(word);
  }
  return words;
}

function unescapeClass(name: string): string {
  return name.replace(/\\(.)/g, '$1');
}

/** Whether every class and `data-*` attribute a selector requires is among the used words. */
export function selectorMayMatch(
  selector: string,
  used: ReadonlySet<string>,
  keep: RegExp,
): boolean {
  const required = selector.replace(LENIENT_PSEUDO, '');
  for (const [, name] of required.matchAll(CLASS_IN_SELECTOR)) {
    const className = unescapeClass(name as string);
    if (!used.has(className) && !keep.test(className)) return false;
  }
  for (const [, attribute] of required.matchAll(DATA_ATTRIBUTE_IN_SELECTOR)) {
    if (!used.has(attribute as string)) return false;
  }
  return true;
}

function insideKeyframes(node: { parent?: Container | Root | undefined }): boolean {
  for (let parent = node.parent; parent; parent = parent.parent as Container | undefined) {
    if (parent.type === 'atrule' && /keyframes$/i.test((parent as AtRule).name)) return true;
    if (parent.type === 'root') return false;
  }
  return false;
}

function removeEmptyAtRules(root: Root): void {
  let removed = true;
  while (removed) {
    removed = false;
    root.walkAtRules((atRule) => {
      if (atRule.nodes !== undefined && atRule.nodes.length === 0) {
        atRule.remove();
        removed = true;
      }
    });
  }
}

/**
 * Custom properties no kept rule reads (`var(--x)`) and no source names are dropped, repeatedly,
 * since a dropped one may have been the last reader of another.
 */
function removeUnreadCustomProperties(root: Root, used: ReadonlySet<string>): void {
  for (;;) {
    const read = new Set<string>();
    root.walkDecls((declaration) => {
      for (const [, name] of declaration.value.matchAll(CUSTOM_PROPERTY_USE))
        read.add(name as string);
    });
    let removed = 0;
    root.walkDecls(/^--/, (declaration) => {
      if (read.has(declaration.prop) || used.has(declaration.prop)) return;
      declaration.remove();
      removed += 1;
    });
    if (removed === 0) return;
  }
}

function removeUnusedKeyframes(root: Root): void {
  const animated = new Set<string>();
  root.walkDecls(/^animation(?:-name)?$/, (declaration) => {
    for (const [word] of declaration.value.matchAll(ANIMATION_NAME_WORD)) animated.add(word);
  });
  root.walkAtRules(/keyframes$/i, (atRule) => {
    if (!animated.has(atRule.params.trim())) atRule.remove();
  });
}

/**
 * The PostCSS plugin: for each stylesheet `stylesheetWords` names (by its source file) it keeps
 * the selectors that may match, then drops rules left without one, empty at-rules, custom
 * properties nobody reads and keyframes no animation names. Other stylesheets pass untouched.
 */
export function unusedRules(options: {
  stylesheetWords: (file: string) => ReadonlySet<string> | undefined;
  keep: RegExp;
}): Plugin {
  return {
    postcssPlugin: 'sodalis-unused-rules',
    OnceExit(root) {
      // Without the query of `?inline` or `?url` imports.
      const file = root.source?.input.file?.replace(/\?.*$/, '');
      const used = file === undefined ? undefined : options.stylesheetWords(file);
      if (used === undefined) return;
      root.walkRules((rule) => {
        if (insideKeyframes(rule)) return;
        const kept = rule.selectors.filter((selector) =>
          selectorMayMatch(selector, used, options.keep),
        );
        if (kept.length === 0) rule.remove();
        else if (kept.length < rule.selectors.length) rule.selectors = kept;
      });
      removeEmptyAtRules(root);
      removeUnreadCustomProperties(root, used);
      root.walkRules((rule) => {
        if (rule.nodes.length === 0) rule.remove();
      });
      removeEmptyAtRules(root);
      removeUnusedKeyframes(root);
    },
  };
}
