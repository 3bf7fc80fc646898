import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cacheBuster, envelope } from '../../../shared/contract/common.js';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../http/reply.js';
import { requestLanguage } from '../../http/request-context.js';
import { inActorTenant } from '../../http/scope.js';
import { dictItemsOf } from './dict.service.js';

const dictItem = z.object({ value: z.string(), text: z.string(), title: z.string(), label: z.string() });

export async function systemRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/sys/dict/getDictItems/:code',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['dictionaries'],
        params: z.object({
          code: z
            .string()
            .min(1)
            .max(64)
            .regex(/^[A-Za-z0-9_]+$/),
        }),
        querystring: cacheBuster.extend({ lang: z.string().max(10).optional() }),
        response: { 200: envelope(z.array(dictItem)) },
      },
    },
    async (request) => {
      const language = requestLanguage(request);
      return ok(
        await inActorTenant(deps.db, request, (tx) => dictItemsOf(tx, request.params.code, language)),
      );
    },
  );
}
