import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cacheBuster, envelope, pageResult, string } from '@shared/contract/common.js';
import {
  dictAddBody,
  dictEditBody,
  dictItemAddBody,
  dictItemEditBody,
  dictItemListQuery,
  dictItemView,
  dictListQuery,
  dictView,
} from '@shared/contract/system-admin.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { needs, said } from '../../http/route-kit.js';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../http/reply.js';
import { requestLanguage } from '../../http/request-context.js';
import { inActorTenant } from '../../http/scope.js';
import {
  addDict,
  addDictItem,
  editDict,
  editDictItem,
  listDictItems,
  listDicts,
} from './dict-admin.service.js';
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
          code: string()
            .min(1)
            .max(64)
            .regex(/^[A-Za-z0-9_]+$/),
        }),
        querystring: cacheBuster.extend({ lang: string().max(10).optional() }),
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

  // Administering dictionaries (spec 01 §7): codes and item values are set once at add.
  const tags = ['dictionaries'];
  const { db } = deps;

  api.get(
    '/sys/dict/list',
    {
      config: needs(PERMISSIONS.dictList),
      schema: { tags, querystring: dictListQuery, response: { 200: envelope(pageResult(dictView)) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listDicts(tx, actor, request.query))),
  );

  api.post(
    '/sys/dict/add',
    {
      config: needs(PERMISSIONS.dictAdd),
      schema: { tags, body: dictAddBody, response: { 200: envelope(dictView) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => addDict(tx, actor, request.body)),
        said(request, 'added'),
      ),
  );

  api.put(
    '/sys/dict/edit',
    {
      config: needs(PERMISSIONS.dictEdit),
      schema: { tags, body: dictEditBody, response: { 200: envelope(dictView) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => editDict(tx, actor, request.body)),
        said(request, 'updated'),
      ),
  );

  api.get(
    '/sys/dictItem/list',
    {
      config: needs(PERMISSIONS.dictList),
      schema: { tags, querystring: dictItemListQuery, response: { 200: envelope(pageResult(dictItemView)) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listDictItems(tx, actor, request.query))),
  );

  api.post(
    '/sys/dictItem/add',
    {
      config: needs(PERMISSIONS.dictAdd),
      schema: { tags, body: dictItemAddBody, response: { 200: envelope(dictItemView) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => addDictItem(tx, actor, request.body)),
        said(request, 'added'),
      ),
  );

  api.put(
    '/sys/dictItem/edit',
    {
      config: needs(PERMISSIONS.dictEdit),
      schema: { tags, body: dictItemEditBody, response: { 200: envelope(dictItemView) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => editDictItem(tx, actor, request.body)),
        said(request, 'updated'),
      ),
  );
}
