/**
 * The announcement calls of spec 01 §7 (/sys/annountCement/*, /sys/sysAnnouncementSend/*) and
 * the live channel's messages. Field names are the spec's, `titile` included.
 */
import { z } from 'zod';
import {
  ANNOUNCEMENT_LIMITS,
  MSG_CATEGORIES,
  MSG_TYPES,
  PRIORITIES,
  READ_FLAGS,
  SEND_STATUSES,
} from '../domain/announcements.js';
import { USER_ROLES } from '../domain/roles.js';
import { pageQuery, requiredText, string, uuid, text } from './common.js';

/** The most rows one page of an announcement list holds; records carry their HTML content. */
export const ANNOUNCEMENT_PAGE_SIZE_MAX = 100;

const fields = {
  titile: requiredText(ANNOUNCEMENT_LIMITS.titile),
  /** Rich text; the server keeps only the allowed tags and addresses (see the module's sanitize.ts). */
  msgContent: string().max(ANNOUNCEMENT_LIMITS.msgContent).default(''),
  /** Plain text; when empty the server takes the opening of the content. */
  msgAbstract: text(ANNOUNCEMENT_LIMITS.msgAbstract).optional(),
  priority: z.enum(PRIORITIES).default('M'),
  msgCategory: z.enum(MSG_CATEGORIES).default('1'),
  msgType: z.enum(MSG_TYPES).default('ALL'),
  roleCodes: z.array(z.enum(USER_ROLES)).max(USER_ROLES.length).default([]),
  userIds: z.array(uuid).max(ANNOUNCEMENT_LIMITS.recipients).default([]),
};

/** ROLE needs at least one role and USER at least one user. */
function requireAudience(
  value: { msgType: string; roleCodes: readonly string[]; userIds: readonly string[] },
  context: z.RefinementCtx,
) {
  if (value.msgType === 'ROLE' && value.roleCodes.length === 0)
    context.addIssue({ code: 'custom', path: ['roleCodes'], message: 'required' });
  if (value.msgType === 'USER' && value.userIds.length === 0)
    context.addIssue({ code: 'custom', path: ['userIds'], message: 'required' });
}

export const announcementAddBody = z.strictObject(fields).superRefine(requireAudience);
export type AnnouncementAddBody = z.infer<typeof announcementAddBody>;

export const announcementEditBody = z.strictObject({ id: uuid, ...fields }).superRefine(requireAudience);
export type AnnouncementEditBody = z.infer<typeof announcementEditBody>;

/** An empty filter from a search form counts as no filter. */
const blankOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]).optional();

export const announcementListQuery = pageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(ANNOUNCEMENT_PAGE_SIZE_MAX).default(10),
  titile: string().trim().max(ANNOUNCEMENT_LIMITS.titile).optional(),
  sendStatus: blankOr(z.enum(SEND_STATUSES)),
  msgCategory: blankOr(z.enum(MSG_CATEGORIES)),
});
export type AnnouncementListQuery = z.infer<typeof announcementListQuery>;

export const myAnnouncementQuery = pageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(ANNOUNCEMENT_PAGE_SIZE_MAX).default(10),
  titile: string().trim().max(ANNOUNCEMENT_LIMITS.titile).optional(),
  readFlag: blankOr(z.enum(READ_FLAGS)),
  msgCategory: blankOr(z.enum(MSG_CATEGORIES)),
});
export type MyAnnouncementQuery = z.infer<typeof myAnnouncementQuery>;

export const markReadBody = z.strictObject({ anntId: uuid });

const common = {
  id: string(),
  titile: string(),
  msgContent: string(),
  msgAbstract: string(),
  priority: z.enum(PRIORITIES),
  msgCategory: z.enum(MSG_CATEGORIES),
  msgType: z.enum(MSG_TYPES),
  sendStatus: z.enum(SEND_STATUSES),
  /** ISO 8601 instants; the client shows them in the viewer's time zone. */
  sendTime: string().nullable(),
  revokeTime: string().nullable(),
};

/** A row of the administrators' list, with its audience. */
export const announcementRecord = z.object({
  ...common,
  roleCodes: z.array(z.enum(USER_ROLES)),
  userIds: z.array(string()),
  createBy: string().nullable(),
  createTime: string(),
  updateTime: string(),
});
export type AnnouncementRecord = z.infer<typeof announcementRecord>;

/** An announcement as its reader sees it: no audience lists, with whether this user has read it. */
export const announcementView = z.object({
  ...common,
  anntId: string(),
  sender: string().nullable(),
  readFlag: z.enum(READ_FLAGS),
  readTime: string().nullable(),
});
export type AnnouncementView = z.infer<typeof announcementView>;

/** GET /sys/annountCement/listByUser: the unread notices and system messages, newest first. */
export const announcementsByUser = z.object({
  anntMsgList: z.array(announcementView),
  anntMsgTotal: z.number().int(),
  sysMsgList: z.array(announcementView),
  sysMsgTotal: z.number().int(),
});
export type AnnouncementsByUser = z.infer<typeof announcementsByUser>;

/** What the live channel (/websocket/{userId}) sends. */
export const liveMessage = z.discriminatedUnion('cmd', [
  z.object({ cmd: z.literal('announcement'), msgId: string(), msgTxt: string() }),
  z.object({ cmd: z.literal('heartcheck') }),
  /** One of the user's download tasks changed (queued, running, done or failed). */
  z.object({ cmd: z.literal('download'), taskId: string(), status: string() }),
]);
export type LiveMessage = z.infer<typeof liveMessage>;
