/**
 * Label printing calls: PDFs to open in a tab and print. Both registered by hand, not declared
 * (http/route-kit.ts): each answers a PDF.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { locationLabelQuery, skuLabelQuery } from '@shared/contract/printing.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '../../deps.js';
import { requestLanguage } from '../../http/request-context.js';
import { inActorTenant } from '../../http/scope.js';
import { sendPdf } from '../../http/pdf-reply.js';
import { locationLabels, skuLabels } from './labels.service.js';

export async function printingRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['printing'];

  api.get(
    '/print/label/sku',
    {
      config: { permission: { code: PERMISSIONS.productList } },
      schema: { tags, querystring: skuLabelQuery, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const file = await inActorTenant(db, request, (tx, actor) =>
        skuLabels(tx, actor, { ...request.query, language }),
      );
      return sendPdf(reply, file);
    },
  );

  api.get(
    '/print/label/location',
    {
      config: { permission: { code: PERMISSIONS.locationList } },
      schema: { tags, querystring: locationLabelQuery, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const file = await inActorTenant(db, request, (tx, actor) =>
        locationLabels(tx, actor, { ...request.query, language }),
      );
      return sendPdf(reply, file);
    },
  );
}
