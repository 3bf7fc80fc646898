/**
 * Deny by default for text: every string a route takes (path, query, body, headers) must come
 * from the contract's `string()`, which refuses NUL and unpaired surrogates with a 400 naming
 * the field. A route whose schema has another string stops the server at start, so a route
 * added later cannot let such text reach PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { uncheckedStrings } from '@shared/contract/string-audit.js';

const INPUT_PARTS = ['params', 'querystring', 'body', 'headers'] as const;

const isZodSchema = (schema: unknown): schema is z.ZodType =>
  typeof schema === 'object' && schema !== null && '_zod' in schema;

export function registerStorableInput(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Partial<Record<(typeof INPUT_PARTS)[number], unknown>> | undefined;
    if (!schema) return;
    const unchecked = INPUT_PARTS.flatMap((part) => {
      const partSchema = schema[part];
      return isZodSchema(partSchema) ? uncheckedStrings(partSchema).map((path) => `${part} ${path}`) : [];
    });
    if (unchecked.length > 0)
      throw new Error(
        `Route ${String(route.method)} ${route.url} takes strings that do not refuse NUL or broken characters (use string() of the contract): ${unchecked.join(', ')}`,
      );
  });
}
