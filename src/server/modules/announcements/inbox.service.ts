/**
 * Reading announcements: each user sees the released ones addressed to them, and a read mark
 * per user is kept in announcement_reads. Those who manage announcements may open any of the
 * tenant's; everyone else gets 404 for one that is not theirs to read.
 */
import { and, desc, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type {
  AnnouncementsByUser,
  AnnouncementView,
  MyAnnouncementQuery,
} from '@shared/contract/announcements.js';
import type { Page } from '@shared/contract/common.js';
import { BELL_LIST_SIZE, MSG_CATEGORY, type MsgCategory } from '@shared/domain/announcements.js';
import { AppError } from '@shared/errors.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { rowsOf, type TenantTx } from '../../db/client.js';
import { hasPermission, type Actor } from '../../http/actor.js';
import { page } from '../../http/reply.js';
import { contains, countViews, releasedTo, selectViews, toView } from './announcements.queries.js';
import { announcementReads, announcements } from './announcements.tables.js';

const unread = isNull(announcementReads.readAt);
const newestFirst = [desc(announcements.sendTime), desc(announcements.id)] as const;

/** GET /sys/annountCement/queryById: one announcement the actor may read. */
export async function announcementById(
  tx: TenantTx,
  actor: Actor,
  input: { id: string },
): Promise<AnnouncementView> {
  const manages = hasPermission(actor, PERMISSIONS.announcementList);
  const [row] = await selectViews(tx, actor).where(
    and(eq(announcements.id, input.id), manages ? undefined : releasedTo(actor)),
  );
  if (!row) throw new AppError('announcement.not_found');
  return toView(row.announcement, row.sender, row.readAt);
}

async function unreadOfCategory(tx: TenantTx, actor: Actor, category: MsgCategory) {
  const where = and(releasedTo(actor), unread, eq(announcements.msgCategory, category));
  const rows = await selectViews(tx, actor)
    .where(where)
    .orderBy(...newestFirst)
    .limit(BELL_LIST_SIZE);
  return {
    list: rows.map((row) => toView(row.announcement, row.sender, row.readAt)),
    total: await countViews(tx, actor, where),
  };
}

/** GET /sys/annountCement/listByUser: the actor's unread notices and system messages, newest first. */
export async function unreadByUser(tx: TenantTx, actor: Actor): Promise<AnnouncementsByUser> {
  const notices = await unreadOfCategory(tx, actor, MSG_CATEGORY.notice);
  const system = await unreadOfCategory(tx, actor, MSG_CATEGORY.system);
  return {
    anntMsgList: notices.list,
    anntMsgTotal: notices.total,
    sysMsgList: system.list,
    sysMsgTotal: system.total,
  };
}

/** GET /sys/annountCement/queryLastUnRead: the newest unread announcement, shown on load. */
export async function lastUnread(tx: TenantTx, actor: Actor): Promise<AnnouncementView | null> {
  const [row] = await selectViews(tx, actor)
    .where(and(releasedTo(actor), unread))
    .orderBy(...newestFirst)
    .limit(1);
  return row ? toView(row.announcement, row.sender, row.readAt) : null;
}

/** How many released announcements the actor has not read yet. */
export async function unreadCount(tx: TenantTx, actor: Actor): Promise<number> {
  const [row] = rowsOf<{ value: number }>(
    await tx.execute(sql`
      select count(*)::int as value from ${announcements}
      where ${releasedTo(actor)} and not exists (
        select 1 from ${announcementReads}
        where ${announcementReads.announcementId} = ${announcements.id}
          and ${announcementReads.userId} = ${actor.userId})`),
  );
  return row?.value ?? 0;
}

/** PUT|POST /sys/sysAnnouncementSend/editByAnntIdAndUserId: marks one announcement read; idempotent. */
export async function markRead(tx: TenantTx, actor: Actor, input: { anntId: string }): Promise<null> {
  const [visible] = await tx
    .select({ id: announcements.id })
    .from(announcements)
    .where(and(eq(announcements.id, input.anntId), releasedTo(actor)));
  if (!visible) throw new AppError('announcement.not_found');
  await tx
    .insert(announcementReads)
    .values({ announcementId: input.anntId, userId: actor.userId })
    .onConflictDoNothing();
  return null;
}

/** PUT /sys/sysAnnouncementSend/readAll: marks every released announcement of the actor read; how many it marked. */
export async function markAllRead(tx: TenantTx, actor: Actor): Promise<{ count: number }> {
  const result = await tx.execute(sql`
    insert into ${announcementReads} (announcement_id, user_id)
    select ${announcements.id}, ${actor.userId}::uuid from ${announcements} where ${releasedTo(actor)}
    on conflict do nothing`);
  return { count: result.rowCount ?? 0 };
}

/** GET /sys/sysAnnouncementSend/getMyAnnouncementSend: everything released to the actor, with its read flag. */
export async function myAnnouncements(
  tx: TenantTx,
  actor: Actor,
  input: MyAnnouncementQuery,
): Promise<Page<AnnouncementView>> {
  const where = and(
    releasedTo(actor),
    input.titile
      ? or(
          ilike(announcements.titile, contains(input.titile)),
          ilike(announcements.msgAbstract, contains(input.titile)),
        )
      : undefined,
    input.msgCategory ? eq(announcements.msgCategory, input.msgCategory) : undefined,
    input.readFlag === '1'
      ? isNotNull(announcementReads.readAt)
      : input.readFlag === '0'
        ? unread
        : undefined,
  );
  const total = await countViews(tx, actor, where);
  const rows = await selectViews(tx, actor)
    .where(where)
    .orderBy(...newestFirst)
    .limit(input.pageSize)
    .offset((input.pageNo - 1) * input.pageSize);
  return page(
    rows.map((row) => toView(row.announcement, row.sender, row.readAt)),
    total,
    input.pageNo,
    input.pageSize,
  );
}
