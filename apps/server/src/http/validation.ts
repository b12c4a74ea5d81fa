import { safeParseItalian } from '@sodalis/contracts';
import { z } from 'zod';
import { AppError } from './app-error.js';

/**
 * Validates input with a contracts schema; a failure is a 400 listing each field and its
 * Italian message: the schema's own where it words one, otherwise zod's message mapped to
 * Italian once here for every route (ADR 002, ADR 022).
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = safeParseItalian(schema, input ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.slice(0, 20).map((issue) => ({
    path: issue.path.map(String).join('.') || '(corpo)',
    message: issue.message,
  }));
  throw new AppError('invalidRequest', issues);
}

/** `:id` of an address (a record's, a registration's), positive and whole. */
export const IdParamsSchema = z.object({
  id: z.coerce
    .number({ message: 'Identificativo non valido.' })
    .int({ message: 'Identificativo non valido.' })
    .positive({ message: 'Identificativo non valido.' }),
});
