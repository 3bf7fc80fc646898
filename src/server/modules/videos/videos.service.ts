/**
 * Video tutorials of the help panel, one list for sellers and one for the warehouse, kept per
 * tenant so each agent links its own. Sellers see only the seller list.
 */
import { asc, eq } from 'drizzle-orm';
import type { VideoAddBody, VideoEditBody, VideoRecord } from '@shared/contract/videos.js';
import { defaultVideoAudience, videoAudiencesFor, type VideoAudience } from '@shared/domain/videos.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { tutorialVideos } from './videos.tables.js';

type VideoRow = typeof tutorialVideos.$inferSelect;

function toRecord(row: VideoRow): VideoRecord {
  return { id: row.id, audience: row.audience, title: row.title, url: row.url, sortNo: row.sortNo };
}

/** GET /sys/video/list: one audience's videos in display order; the actor's own audience by default. */
export async function listVideos(
  tx: TenantTx,
  actor: Actor,
  input: { audience?: VideoAudience },
): Promise<VideoRecord[]> {
  const audience = input.audience ?? defaultVideoAudience(actor.userRole);
  if (!videoAudiencesFor(actor.userRole).includes(audience))
    throw new AppError('video.audience_not_allowed', { audience });
  const rows = await tx
    .select()
    .from(tutorialVideos)
    .where(eq(tutorialVideos.audience, audience))
    .orderBy(asc(tutorialVideos.sortNo), asc(tutorialVideos.title));
  return rows.map(toRecord);
}

/** POST /sys/video/add */
export async function addVideo(tx: TenantTx, _actor: Actor, input: VideoAddBody): Promise<VideoRecord> {
  const [row] = await tx.insert(tutorialVideos).values(input).returning();
  if (!row) throw new AppError('common.internal');
  return toRecord(row);
}

/** PUT /sys/video/edit */
export async function editVideo(tx: TenantTx, _actor: Actor, input: VideoEditBody): Promise<VideoRecord> {
  const { id, ...fields } = input;
  const [row] = await tx
    .update(tutorialVideos)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(tutorialVideos.id, id))
    .returning();
  if (!row) throw new AppError('video.not_found');
  return toRecord(row);
}

/** DELETE /sys/video/delete */
export async function deleteVideo(tx: TenantTx, _actor: Actor, input: { id: string }): Promise<null> {
  const deleted = await tx
    .delete(tutorialVideos)
    .where(eq(tutorialVideos.id, input.id))
    .returning({ id: tutorialVideos.id });
  if (deleted.length === 0) throw new AppError('video.not_found');
  return null;
}
