import { validate } from '@brainboard/domain';
import type { z } from 'zod';
import { badRequest } from './errors.ts';

/**
 * Parses a body with a shared schema (docs/product.md, Limits); a 400 names the field and the
 * limit.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = validate(schema, body ?? {});
  if (!result.success) throw badRequest(result.error);
  return result.data;
}
