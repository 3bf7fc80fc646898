/** Drizzle queries of announcements: who may read which, and the rows as the spec's replies. */
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnnouncementRecord, AnnouncementView } from '@shared/contract/announcements.js';
import { SEND_STATUS } from '@shared/domain/announcements.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { users } from '../identity/index.js';
import { announcementReads, announcements } from './announcements.tables.js';

export type AnnouncementRow = typeof announcements.$inferSelect;

/** The PostgreSQL channel a release is announced on, to every server node. */
export const ANNOUNCEMENT_CHANNEL = 'wms_announcements';

/** The PostgreSQL channel that carries a message for one user's open pages, to every node. */
export const USER_EVENT_CHANNEL = 'wms_user_events';

/** A LIKE pattern matching the value anywhere, with its wildcards taken literally. */
export function contains(value: string): string {
  return `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Released and addressed to the actor: everyone, the actor's role, or the actor by id. */
export function releasedTo(actor: Actor): SQL {
  return sql`(${announcements.sendStatus} = ${SEND_STATUS.released} and (
    ${announcements.msgType} = 'ALL'
    or (${announcements.msgType} = 'ROLE' and ${actor.userRole} = any(${announcements.roleCodes}))
    or (${announcements.msgType} = 'USER' and ${actor.userId}::uuid = any(${announcements.userIds}))))`;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toRecord(row: AnnouncementRow, createBy: string | null): AnnouncementRecord {
  return {
    id: row.id,
    titile: row.titile,
    msgContent: row.msgContent,
    msgAbstract: row.msgAbstract,
    priority: row.priority,
    msgCategory: row.msgCategory,
    msgType: row.msgType,
    roleCodes: row.roleCodes,
    userIds: row.userIds,
    sendStatus: row.sendStatus,
    sendTime: iso(row.sendTime),
    revokeTime: iso(row.revokeTime),
    createBy,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

export function toView(row: AnnouncementRow, sender: string | null, readAt: Date | null): AnnouncementView {
  return {
    id: row.id,
    anntId: row.id,
    titile: row.titile,
    msgContent: row.msgContent,
    msgAbstract: row.msgAbstract,
    priority: row.priority,
    msgCategory: row.msgCategory,
    msgType: row.msgType,
    sendStatus: row.sendStatus,
    sendTime: iso(row.sendTime),
    revokeTime: iso(row.revokeTime),
    sender,
    readFlag: readAt ? '1' : '0',
    readTime: iso(readAt),
  };
}

/** The actor's read mark of each announcement (joined left: none means unread). */
function readBy(actor: Actor): SQL | undefined {
  return and(
    eq(announcementReads.announcementId, announcements.id),
    eq(announcementReads.userId, actor.userId),
  );
}

/** Announcements with their sender's name and the actor's read time, for the reader's views. */
export function selectViews(tx: TenantTx, actor: Actor) {
  return tx
    .select({ announcement: announcements, sender: users.realname, readAt: announcementReads.readAt })
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.createdBy))
    .leftJoin(announcementReads, readBy(actor));
}

/** How many announcements match, with the actor's read marks joined as in selectViews. */
export async function countViews(tx: TenantTx, actor: Actor, where: SQL | undefined): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(announcements)
    .leftJoin(announcementReads, readBy(actor))
    .where(where);
  return row?.value ?? 0;
}

/** One announcement, locked for a change of its state. */
export async function lockAnnouncement(tx: TenantTx, id: string): Promise<AnnouncementRow | undefined> {
  const [row] = await tx.select().from(announcements).where(eq(announcements.id, id)).for('update');
  return row;
}

/** The username of each creator, for the administrators' list. */
export async function creatorNames(tx: TenantTx, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.username]));
}
