/** Video tutorials of the help panel (spec 01 §2 dialog 6), kept per tenant. */
import { z } from 'zod';
import { VIDEO_AUDIENCES } from '../domain/videos.js';
import { isStorableText, requiredText, string, UNSTORABLE_TEXT_RULE, uuid } from './common.js';

const audience = z.enum(VIDEO_AUDIENCES);
const videoUrl = z
  .url({ protocol: /^https?$/ })
  .max(512)
  .refine(isStorableText, { message: UNSTORABLE_TEXT_RULE });

export const videoListQuery = z.object({ audience: audience.optional(), _t: string().max(20).optional() });

export const videoRecord = z.object({
  id: string(),
  audience,
  title: string(),
  url: string(),
  sortNo: z.number().int(),
});
export type VideoRecord = z.infer<typeof videoRecord>;

const fields = {
  audience,
  title: requiredText(128),
  url: videoUrl,
  sortNo: z.number().int().min(0).max(9999).default(0),
};
export const videoAddBody = z.strictObject(fields);
export type VideoAddBody = z.infer<typeof videoAddBody>;
export const videoEditBody = z.strictObject({ id: uuid, ...fields });
export type VideoEditBody = z.infer<typeof videoEditBody>;
