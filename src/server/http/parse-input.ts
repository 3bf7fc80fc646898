import type { z } from 'zod';
import { AppError } from '@shared/errors.js';

/**
 * Validates (and normalises) a service input with its contract schema, so a module calling a
 * service directly gets the same checks as a request: bad input is a 400 with its fields.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new AppError(
    'common.validation',
    {},
    parsed.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.') || '(root)',
      rule: /^[a-z][a-z_]*$/.test(issue.message) ? issue.message : issue.code,
    })),
  );
}
