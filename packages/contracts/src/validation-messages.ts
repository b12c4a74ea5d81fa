import type { z } from 'zod';

/** What zod names a value's kind (`expected`/`received`), in the words of an Italian reader. */
const KIND_NAMES: Record<string, string> = {
  string: 'un testo',
  number: 'un numero',
  int: 'un numero intero',
  bigint: 'un numero intero',
  boolean: 'vero o falso',
  object: 'un oggetto',
  array: 'un elenco',
  date: 'una data',
  null: 'nessun valore',
  undefined: 'nessun valore',
  nan: 'un valore non numerico',
  file: 'un file',
  map: 'una mappa',
  set: 'un insieme',
  symbol: 'un simbolo',
  function: 'una funzione',
};

/** The kind of a received value, as zod reports it (`input` of an issue). */
function kindOf(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'number' && Number.isNaN(input)) return 'nan';
  return typeof input;
}

const kindName = (kind: string): string => KIND_NAMES[kind] ?? 'un valore';

const FORMAT_NAMES: Record<string, string> = {
  email: 'un indirizzo e-mail',
  url: 'un indirizzo web',
  uuid: 'un identificativo UUID',
  datetime: 'una data e ora ISO',
  date: 'una data ISO (AAAA-MM-GG)',
  time: 'un orario ISO',
  regex: 'il formato richiesto',
  base64: 'un testo in base64',
};

/** "almeno 3 caratteri", "al massimo 20 elementi", "almeno 1" for one bound of an issue. */
function boundText(
  origin: string,
  bound: number | bigint | Date,
  inclusive: boolean | undefined,
  side: 'min' | 'max',
): string {
  const value = bound instanceof Date ? bound.toISOString().slice(0, 10) : String(bound);
  const unit =
    origin === 'string'
      ? ' caratteri'
      : origin === 'array' || origin === 'set'
        ? ' elementi'
        : origin === 'file'
          ? ' byte'
          : '';
  if (origin === 'date') return `${side === 'min' ? 'dal' : 'fino al'} ${value}`;
  if (inclusive === false) return `${side === 'min' ? 'più di' : 'meno di'} ${value}${unit}`;
  return `${side === 'min' ? 'almeno' : 'al massimo'} ${value}${unit}`;
}

/**
 * The Italian message of every zod issue the contracts' schemas do not word themselves (ADR 002,
 * ADR 022). Passed per parse, so a schema's own message (the spec's texts) always wins: zod
 * consults this map only for issues without one.
 */
export const italianIssueMessage: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Campo obbligatorio.';
      return `Valore non valido: atteso ${kindName(issue.expected)}, ricevuto ${kindName(kindOf(issue.input))}.`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'Campo obbligatorio.';
      return `Valore troppo ${issue.origin === 'string' || issue.origin === 'array' ? 'corto' : 'piccolo'}: ${boundText(issue.origin, issue.minimum, issue.inclusive, 'min')}.`;
    case 'too_big':
      return `Valore troppo ${issue.origin === 'string' || issue.origin === 'array' ? 'lungo' : 'grande'}: ${boundText(issue.origin, issue.maximum, issue.inclusive, 'max')}.`;
    case 'invalid_format':
      return `Formato non valido: atteso ${FORMAT_NAMES[issue.format] ?? 'il formato richiesto'}.`;
    case 'not_multiple_of':
      return `Valore non valido: deve essere multiplo di ${String(issue.divisor)}.`;
    case 'unrecognized_keys':
      return `Campi non previsti: ${issue.keys.join(', ')}.`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `Valore non valido: atteso ${JSON.stringify(issue.values[0])}.`
        : `Valore non valido: atteso uno tra ${issue.values.map((value) => JSON.stringify(value)).join(', ')}.`;
    case 'invalid_key':
      return 'Chiave non valida.';
    case 'invalid_element':
      return 'Elemento non valido.';
    case 'invalid_union':
      return 'Valore non valido.';
    default:
      return 'Valore non valido.';
  }
};

/** `schema.safeParse` with the Italian messages: the one way input is parsed for a reader. */
export function safeParseItalian<T extends z.ZodType>(
  schema: T,
  input: unknown,
): z.ZodSafeParseResult<z.output<T>> {
  return schema.safeParse(input, { error: italianIssueMessage });
}
