import type { CompiledQuery, Compilable, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema.js';

/**
 * Queries compiled once per shape (ADR 038). Kysely builds and compiles a query on every call,
 * which cost more than running the small indexed queries of an uncached public list. A shape is
 * a query whose SQL text is fixed once a few choices are made (which filters are set); its
 * values change from call to call. The first call of a shape builds the query with markers in
 * place of the values, compiles it, and records where each marker landed among the parameters;
 * later calls reuse the SQL text (so SQLite's statement cache finds its statement by the same
 * string) and only fill in the parameters. The SQL is compiled by the database's own dialect,
 * so this works on both engines.
 */

/** Starts every marker: no value a caller passes begins with a NUL character. */
const MARKER = '\u0000slot:';

/** Where a parameter of a compiled shape comes from: a named value (or one item of it), or a constant. */
type ParameterSource =
  { kind: 'value'; name: string; index: number | null } | { kind: 'constant'; value: unknown };

interface CompiledShape {
  compiled: CompiledQuery;
  sources: ParameterSource[];
}

/** The values a query takes, by name; a list stands for an `in (…)` list of its length. */
export type ShapeValues = Readonly<Record<string, unknown>>;

/** Gives the query builder the value named `name` (while a shape is built, its marker). */
export type ValueOf<Values extends ShapeValues> = <Name extends keyof Values & string>(
  name: Name,
) => Values[Name];

function sourceOf(parameter: unknown): ParameterSource {
  if (typeof parameter !== 'string' || !parameter.startsWith(MARKER)) {
    return { kind: 'constant', value: parameter };
  }
  const marked = parameter.slice(MARKER.length);
  const hash = marked.indexOf('#');
  return hash === -1
    ? { kind: 'value', name: marked, index: null }
    : { kind: 'value', name: marked.slice(hash + 1), index: Number(marked.slice(0, hash)) };
}

function parameterOf(source: ParameterSource, values: ShapeValues): unknown {
  if (source.kind === 'constant') return source.value;
  const value = values[source.name];
  return source.index === null ? value : (value as readonly unknown[])[source.index];
}

/** A value's marker: a list becomes one marker per item, so its length is part of the shape. */
function markerOf(name: string, value: unknown): unknown {
  return Array.isArray(value)
    ? value.map((_item, index) => `${MARKER}${index}#${name}`)
    : `${MARKER}${name}`;
}

/** The compiled shapes of each database handle, by shape key. */
const shapesByDatabase = new WeakMap<Kysely<Database>, Map<string, CompiledShape>>();

/** Most shapes kept per database: keys are made of a few choices, so this bounds only mistakes. */
const MAX_SHAPES = 500;

/**
 * Runs a query built by `build` with `values`. With a `key`, the query is built and compiled
 * only the first time its shape is seen: `key` must name every choice that changes the SQL
 * text besides the lengths of the lists in `values` (added here), and `build` must take every
 * varying value through `value`. Without a key (a filter whose SQL varies with its input), the
 * query is built and compiled as usual.
 */
export async function runShape<Row, Values extends ShapeValues>(
  db: Kysely<Database>,
  key: string | null,
  values: Values,
  build: (value: ValueOf<Values>) => Compilable<Row>,
): Promise<Row[]> {
  if (key === null) return (await db.executeQuery(build((name) => values[name]))).rows;
  let shapes = shapesByDatabase.get(db);
  if (shapes === undefined) {
    shapes = new Map();
    shapesByDatabase.set(db, shapes);
  }
  let shapeKey = key;
  for (const value of Object.values(values)) {
    if (Array.isArray(value)) shapeKey += `|${value.length}`;
  }
  let shape = shapes.get(shapeKey);
  if (shape === undefined) {
    // The marker stands where the value goes; it is a string whatever the value's type.
    const compiled = build((name) => markerOf(name, values[name]) as Values[typeof name]).compile();
    shape = { compiled, sources: compiled.parameters.map(sourceOf) };
    if (shapes.size >= MAX_SHAPES) shapes.clear();
    shapes.set(shapeKey, shape);
  }
  const parameters = shape.sources.map((source) => parameterOf(source, values));
  // The query id is shared by the calls of a shape: only plugins read it, and none is used.
  const result: QueryResult<Row> = await db.executeQuery<Row>({ ...shape.compiled, parameters });
  return result.rows;
}
