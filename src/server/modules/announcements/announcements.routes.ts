import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  announcementAddBody,
  announcementEditBody,
  announcementListQuery,
  announcementRecord,
  announcementsByUser,
  announcementView,
  markReadBody,
  myAnnouncementQuery,
} from '@shared/contract/announcements.js';
import { cacheBuster, envelope, idQuery, pageResult } from '@shared/contract/common.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { needs, nothing } from '../../http/route-kit.js';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../http/reply.js';
import { requestLanguage } from '../../http/request-context.js';
import { inActorTenant } from '../../http/scope.js';
import { translatorFor } from '../../i18n.js';
import {
  addAnnouncement,
  deleteAnnouncement,
  editAnnouncement,
  listAnnouncements,
  releaseAnnouncement,
  revokeAnnouncement,
} from './announcements.service.js';
import {
  announcementById,
  lastUnread,
  markAllRead,
  markRead,
  myAnnouncements,
  unreadByUser,
} from './inbox.service.js';

const tags = ['announcements'];

export async function announcementRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const t = (request: FastifyRequest) => translatorFor(requestLanguage(request));

  api.get(
    '/sys/annountCement/list',
    {
      config: needs(PERMISSIONS.announcementList),
      schema: {
        tags,
        querystring: announcementListQuery,
        response: { 200: envelope(pageResult(announcementRecord)) },
      },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listAnnouncements(tx, actor, request.query))),
  );

  api.post(
    '/sys/annountCement/add',
    {
      config: needs(PERMISSIONS.announcementAdd),
      schema: { tags, body: announcementAddBody, response: { 200: envelope(announcementRecord) } },
    },
    async (request) => {
      const result = await inActorTenant(db, request, (tx, actor) =>
        addAnnouncement(tx, actor, request.body),
      );
      return ok(result, t(request)('messages:added'));
    },
  );

  api.put(
    '/sys/annountCement/edit',
    {
      config: needs(PERMISSIONS.announcementEdit),
      schema: { tags, body: announcementEditBody, response: { 200: envelope(announcementRecord) } },
    },
    async (request) => {
      const result = await inActorTenant(db, request, (tx, actor) =>
        editAnnouncement(tx, actor, request.body),
      );
      return ok(result, t(request)('messages:updated'));
    },
  );

  api.delete(
    '/sys/annountCement/delete',
    {
      config: needs(PERMISSIONS.announcementEdit),
      schema: { tags, querystring: idQuery, response: { 200: nothing } },
    },
    async (request) => {
      await inActorTenant(db, request, (tx, actor) => deleteAnnouncement(tx, actor, request.query));
      return ok(null, t(request)('messages:deleted'));
    },
  );

  api.get(
    '/sys/annountCement/doReleaseData',
    {
      config: needs(PERMISSIONS.announcementRelease),
      schema: { tags, querystring: idQuery, response: { 200: envelope(announcementRecord) } },
    },
    async (request) => {
      const result = await inActorTenant(db, request, (tx, actor) =>
        releaseAnnouncement(tx, actor, request.query),
      );
      return ok(result, t(request)('messages:announcement.released'));
    },
  );

  // The spec's path keeps its misspelling (doReovkeData).
  api.get(
    '/sys/annountCement/doReovkeData',
    {
      config: needs(PERMISSIONS.announcementRelease),
      schema: { tags, querystring: idQuery, response: { 200: envelope(announcementRecord) } },
    },
    async (request) => {
      const result = await inActorTenant(db, request, (tx, actor) =>
        revokeAnnouncement(tx, actor, request.query),
      );
      return ok(result, t(request)('messages:announcement.revoked'));
    },
  );

  api.get(
    '/sys/annountCement/queryById',
    {
      config: { permission: 'authenticated' },
      schema: { tags, querystring: idQuery, response: { 200: envelope(announcementView) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => announcementById(tx, actor, request.query))),
  );

  api.get(
    '/sys/annountCement/listByUser',
    {
      config: { permission: 'authenticated' },
      schema: { tags, querystring: cacheBuster, response: { 200: envelope(announcementsByUser) } },
    },
    async (request) => ok(await inActorTenant(db, request, unreadByUser)),
  );

  api.get(
    '/sys/annountCement/queryLastUnRead',
    {
      config: { permission: 'authenticated' },
      schema: { tags, querystring: cacheBuster, response: { 200: envelope(announcementView.nullable()) } },
    },
    async (request) => ok(await inActorTenant(db, request, lastUnread)),
  );

  const markReadRoute = {
    config: { permission: 'authenticated' as const },
    schema: { tags, body: markReadBody, response: { 200: nothing } },
  };
  const handleMarkRead = async (request: FastifyRequest<{ Body: z.infer<typeof markReadBody> }>) => {
    await inActorTenant(db, request, (tx, actor) => markRead(tx, actor, request.body));
    return ok(null, t(request)('messages:announcement.read'));
  };
  api.put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', markReadRoute, handleMarkRead);
  api.post('/sys/sysAnnouncementSend/editByAnntIdAndUserId', markReadRoute, handleMarkRead);

  api.get(
    '/sys/sysAnnouncementSend/getMyAnnouncementSend',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        querystring: myAnnouncementQuery,
        response: { 200: envelope(pageResult(announcementView)) },
      },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => myAnnouncements(tx, actor, request.query))),
  );

  api.put(
    '/sys/sysAnnouncementSend/readAll',
    {
      config: { permission: 'authenticated' },
      schema: { tags, response: { 200: envelope(z.object({ count: z.number().int() })) } },
    },
    async (request) => {
      const marked = await inActorTenant(db, request, markAllRead);
      return ok({ count: marked }, t(request)('messages:announcement.all_read'));
    },
  );
}
