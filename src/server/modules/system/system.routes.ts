/**
 * Dictionary calls: a dictionary's items for the signed-in caller, and administering
 * dictionaries (spec 01 §7), as declarations (http/route-kit.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cacheBuster, pageResult, string } from '@shared/contract/common.js';
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
import { declareRoutes, route } from '../../http/route-kit.js';
import type { AppDeps } from '../../deps.js';
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
  declareRoutes(app, deps, 'dictionaries', [
    route({
      method: 'GET',
      url: '/sys/dict/getDictItems/:code',
      permission: 'authenticated',
      from: 'params',
      input: z.object({
        code: string()
          .min(1)
          .max(64)
          .regex(/^[A-Za-z0-9_]+$/),
      }),
      query: cacheBuster.extend({ lang: string().max(10).optional() }),
      reply: z.array(dictItem),
      run: (tx, _actor, params, call) => dictItemsOf(tx, params.code, call.language),
    }),
    // Administering dictionaries (spec 01 §7): codes and item values are set once at add.
    route({
      method: 'GET',
      url: '/sys/dict/list',
      permission: PERMISSIONS.dictList,
      input: dictListQuery,
      reply: pageResult(dictView),
      run: listDicts,
    }),
    route({
      method: 'POST',
      url: '/sys/dict/add',
      permission: PERMISSIONS.dictAdd,
      input: dictAddBody,
      reply: dictView,
      message: 'added',
      run: addDict,
    }),
    route({
      method: 'PUT',
      url: '/sys/dict/edit',
      permission: PERMISSIONS.dictEdit,
      input: dictEditBody,
      reply: dictView,
      message: 'updated',
      run: editDict,
    }),
    route({
      method: 'GET',
      url: '/sys/dictItem/list',
      permission: PERMISSIONS.dictList,
      input: dictItemListQuery,
      reply: pageResult(dictItemView),
      run: listDictItems,
    }),
    route({
      method: 'POST',
      url: '/sys/dictItem/add',
      permission: PERMISSIONS.dictAdd,
      input: dictItemAddBody,
      reply: dictItemView,
      message: 'added',
      run: addDictItem,
    }),
    route({
      method: 'PUT',
      url: '/sys/dictItem/edit',
      permission: PERMISSIONS.dictEdit,
      input: dictItemEditBody,
      reply: dictItemView,
      message: 'updated',
      run: editDictItem,
    }),
  ]);
}
