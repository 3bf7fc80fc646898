/**
 * Announcement calls: the administrator's announcements and each user's inbox. Declarations only
 * (http/route-kit.ts).
 */
import type { FastifyInstance } from 'fastify';
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
import { cacheBuster, idQuery, pageResult } from '@shared/contract/common.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '../../deps.js';
import { declareRoutes, route } from '../../http/route-kit.js';
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

/** PUT and POST both mark one announcement read (the spec names both). */
const markReadRoute = (method: 'PUT' | 'POST') =>
  route({
    method,
    url: '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
    permission: 'authenticated',
    input: markReadBody,
    reply: z.null(),
    message: 'announcement.read',
    run: markRead,
  });

export async function announcementRoutes(app: FastifyInstance, deps: AppDeps) {
  declareRoutes(app, deps, 'announcements', [
    route({
      method: 'GET',
      url: '/sys/annountCement/list',
      permission: PERMISSIONS.announcementList,
      input: announcementListQuery,
      reply: pageResult(announcementRecord),
      run: listAnnouncements,
    }),
    route({
      method: 'POST',
      url: '/sys/annountCement/add',
      permission: PERMISSIONS.announcementAdd,
      input: announcementAddBody,
      reply: announcementRecord,
      message: 'added',
      run: addAnnouncement,
    }),
    route({
      method: 'PUT',
      url: '/sys/annountCement/edit',
      permission: PERMISSIONS.announcementEdit,
      input: announcementEditBody,
      reply: announcementRecord,
      message: 'updated',
      run: editAnnouncement,
    }),
    route({
      method: 'DELETE',
      url: '/sys/annountCement/delete',
      permission: PERMISSIONS.announcementEdit,
      input: idQuery,
      reply: z.null(),
      message: 'deleted',
      run: deleteAnnouncement,
    }),
    route({
      method: 'GET',
      url: '/sys/annountCement/doReleaseData',
      permission: PERMISSIONS.announcementRelease,
      input: idQuery,
      reply: announcementRecord,
      message: 'announcement.released',
      run: releaseAnnouncement,
    }),
    // The spec's path keeps its misspelling (doReovkeData).
    route({
      method: 'GET',
      url: '/sys/annountCement/doReovkeData',
      permission: PERMISSIONS.announcementRelease,
      input: idQuery,
      reply: announcementRecord,
      message: 'announcement.revoked',
      run: revokeAnnouncement,
    }),
    route({
      method: 'GET',
      url: '/sys/annountCement/queryById',
      permission: 'authenticated',
      input: idQuery,
      reply: announcementView,
      run: announcementById,
    }),
    route({
      method: 'GET',
      url: '/sys/annountCement/listByUser',
      permission: 'authenticated',
      input: cacheBuster,
      reply: announcementsByUser,
      run: (tx, actor) => unreadByUser(tx, actor),
    }),
    route({
      method: 'GET',
      url: '/sys/annountCement/queryLastUnRead',
      permission: 'authenticated',
      input: cacheBuster,
      reply: announcementView.nullable(),
      run: (tx, actor) => lastUnread(tx, actor),
    }),
    markReadRoute('PUT'),
    markReadRoute('POST'),
    route({
      method: 'GET',
      url: '/sys/sysAnnouncementSend/getMyAnnouncementSend',
      permission: 'authenticated',
      input: myAnnouncementQuery,
      reply: pageResult(announcementView),
      run: myAnnouncements,
    }),
    route({
      method: 'PUT',
      url: '/sys/sysAnnouncementSend/readAll',
      permission: 'authenticated',
      reply: z.object({ count: z.number().int() }),
      message: 'announcement.all_read',
      run: (tx, actor) => markAllRead(tx, actor),
    }),
  ]);
}
