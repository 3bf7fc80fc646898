import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { string } from '@shared/contract/common.js';
import { registerStorableInput } from './storable-input.js';

async function register(schema: Record<string, z.ZodType>) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  registerStorableInput(app);
  app.get('/probe', { schema }, async () => 'ok');
  await app.ready();
  await app.close();
}

describe('registerStorableInput', () => {
  it('stops a route whose input has a string that does not refuse NUL', async () => {
    await expect(register({ querystring: z.object({ search: z.string().max(10) }) })).rejects.toThrow(
      /GET \/probe .*querystring search/,
    );
    await expect(register({ params: z.object({ code: z.string() }) })).rejects.toThrow(/params code/);
  });

  it("lets a route whose strings come from the contract's string()", async () => {
    await expect(
      register({ querystring: z.object({ search: string().max(10), id: z.uuid().optional() }) }),
    ).resolves.toBeUndefined();
  });
});
