/**
 * Writing announcements: drafts are created and edited, then released to their audience or
 * revoked (the lifecycle table is in src/shared/domain/announcements.ts). A release tells every
 * server node through PostgreSQL NOTIFY, in the same transaction, so the push goes out only
 * once the release is committed.
 */
import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type {
  AnnouncementAddBody,
  AnnouncementEditBody,
  AnnouncementListQuery,
  AnnouncementRecord,
} from '@shared/contract/announcements.js';
import type { Page } from '@shared/contract/common.js';
import {
  ANNOUNCEMENT_LIMITS,
  canTransition,
  DELETABLE_STATUSES,
  EDITABLE_STATUSES,
  SEND_STATUS,
} from '@shared/domain/announcements.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { page } from '../../http/reply.js';
import { users } from '../identity/index.js';
import {
  ANNOUNCEMENT_CHANNEL,
  contains,
  creatorNames,
  lockAnnouncement,
  toRecord,
  type AnnouncementRow,
} from './announcements.queries.js';
import { announcements } from './announcements.tables.js';
import { plainText, plainTextOf, sanitizeAnnouncementHtml } from './sanitize.js';

/** How much of the content becomes the abstract when the author wrote none. */
const ABSTRACT_FROM_CONTENT = 200;

/**
 * The stored form of the fields: clean HTML, a plain-text title and abstract (the author's or
 * one taken from the content), and only the audience list its type uses.
 */
async function storedFields(tx: TenantTx, input: AnnouncementAddBody) {
  const titile = plainText(input.titile);
  if (!titile) {
    throw new AppError('common.validation', {}, [{ path: 'titile', rule: 'required', params: {} }]);
  }
  const msgContent = sanitizeAnnouncementHtml(input.msgContent);
  const msgAbstract = input.msgAbstract ? plainText(input.msgAbstract) : '';
  const userIds = input.msgType === 'USER' ? [...new Set(input.userIds)] : [];
  if (userIds.length > 0) {
    const [found] = await tx.select({ value: count() }).from(users).where(inArray(users.id, userIds));
    const missing = userIds.length - (found?.value ?? 0);
    if (missing > 0) throw new AppError('announcement.recipient_not_found', { count: missing });
  }
  return {
    titile,
    msgContent,
    msgAbstract:
      msgAbstract ||
      plainTextOf(msgContent, Math.min(ABSTRACT_FROM_CONTENT, ANNOUNCEMENT_LIMITS.msgAbstract)),
    priority: input.priority,
    msgCategory: input.msgCategory,
    msgType: input.msgType,
    roleCodes: input.msgType === 'ROLE' ? [...new Set(input.roleCodes)] : [],
    userIds,
  };
}

async function recordOf(tx: TenantTx, row: AnnouncementRow): Promise<AnnouncementRecord> {
  const names = await creatorNames(tx, [row.createdBy]);
  return toRecord(row, row.createdBy ? (names.get(row.createdBy) ?? null) : null);
}

async function existing(tx: TenantTx, id: string): Promise<AnnouncementRow> {
  const row = await lockAnnouncement(tx, id);
  if (!row) throw new AppError('announcement.not_found');
  return row;
}

/** GET /sys/annountCement/list: every announcement of the tenant, newest first. */
export async function listAnnouncements(
  tx: TenantTx,
  _actor: Actor,
  input: AnnouncementListQuery,
): Promise<Page<AnnouncementRecord>> {
  const where = and(
    input.titile ? ilike(announcements.titile, contains(input.titile)) : undefined,
    input.sendStatus ? eq(announcements.sendStatus, input.sendStatus) : undefined,
    input.msgCategory ? eq(announcements.msgCategory, input.msgCategory) : undefined,
  );
  const [total] = await tx.select({ value: count() }).from(announcements).where(where);
  const rows = await tx
    .select()
    .from(announcements)
    .where(where)
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(input.pageSize)
    .offset((input.pageNo - 1) * input.pageSize);
  const names = await creatorNames(
    tx,
    rows.map((row) => row.createdBy),
  );
  const records = rows.map((row) => toRecord(row, row.createdBy ? (names.get(row.createdBy) ?? null) : null));
  return page(records, total?.value ?? 0, input.pageNo, input.pageSize);
}

/** POST /sys/annountCement/add: a new draft. */
export async function addAnnouncement(
  tx: TenantTx,
  actor: Actor,
  input: AnnouncementAddBody,
): Promise<AnnouncementRecord> {
  const [row] = await tx
    .insert(announcements)
    .values({ ...(await storedFields(tx, input)), createdBy: actor.userId })
    .returning();
  if (!row) throw new AppError('common.internal');
  return recordOf(tx, row);
}

/** PUT /sys/annountCement/edit: only a draft can change; a released one is revoked instead. */
export async function editAnnouncement(
  tx: TenantTx,
  _actor: Actor,
  input: AnnouncementEditBody,
): Promise<AnnouncementRecord> {
  const current = await existing(tx, input.id);
  if (!EDITABLE_STATUSES.includes(current.sendStatus)) throw new AppError('announcement.not_editable');
  const [row] = await tx
    .update(announcements)
    .set({ ...(await storedFields(tx, input)), updatedAt: new Date() })
    .where(eq(announcements.id, input.id))
    .returning();
  if (!row) throw new AppError('announcement.not_found');
  return recordOf(tx, row);
}

/** DELETE /sys/annountCement/delete: drafts and revoked announcements only, with their read marks. */
export async function deleteAnnouncement(tx: TenantTx, _actor: Actor, input: { id: string }): Promise<null> {
  const current = await existing(tx, input.id);
  if (!DELETABLE_STATUSES.includes(current.sendStatus)) throw new AppError('announcement.not_deletable');
  await tx.delete(announcements).where(eq(announcements.id, input.id));
  return null;
}

/** GET /sys/annountCement/doReleaseData: sends a draft to its audience now, live where they are online. */
export async function releaseAnnouncement(
  tx: TenantTx,
  actor: Actor,
  input: { id: string },
): Promise<AnnouncementRecord> {
  const current = await existing(tx, input.id);
  if (!canTransition(current.sendStatus, SEND_STATUS.released))
    throw new AppError('announcement.cannot_release');
  const now = new Date();
  const [row] = await tx
    .update(announcements)
    .set({ sendStatus: SEND_STATUS.released, sendTime: now, revokeTime: null, updatedAt: now })
    .where(eq(announcements.id, input.id))
    .returning();
  if (!row) throw new AppError('announcement.not_found');
  // Delivered to listeners at commit, and not at all if the transaction rolls back.
  const payload = JSON.stringify({ tenantId: actor.tenantId, id: row.id });
  await tx.execute(sql`select pg_notify(${ANNOUNCEMENT_CHANNEL}, ${payload})`);
  return recordOf(tx, row);
}

/** GET /sys/annountCement/doReovkeData: takes a released announcement back from its readers. */
export async function revokeAnnouncement(
  tx: TenantTx,
  _actor: Actor,
  input: { id: string },
): Promise<AnnouncementRecord> {
  const current = await existing(tx, input.id);
  if (!canTransition(current.sendStatus, SEND_STATUS.revoked))
    throw new AppError('announcement.cannot_revoke');
  const now = new Date();
  const [row] = await tx
    .update(announcements)
    .set({ sendStatus: SEND_STATUS.revoked, revokeTime: now, updatedAt: now })
    .where(eq(announcements.id, input.id))
    .returning();
  if (!row) throw new AppError('announcement.not_found');
  return recordOf(tx, row);
}

/** How many announcements are released now, for the dashboard. */
export async function releasedCount(tx: TenantTx): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(announcements)
    .where(eq(announcements.sendStatus, SEND_STATUS.released));
  return row?.value ?? 0;
}
