/**
 * File calls (spec 02 §5 photos): upload by multipart form, read back by key. Limits are the
 * spec's: at most five files per upload, 5 MB each, images only (checked by content).
 */
import { z } from 'zod';
import { string } from './common.js';

export const FILE_LIMITS = {
  filesPerUpload: 5,
  bytesPerFile: 5 * 1024 * 1024,
  /** Non-file form fields one upload may carry. */
  fields: 5,
  fieldBytes: 200,
  keyLength: 200,
} as const;

/** What an upload is for; each kind has its own owner rule. */
export const UPLOAD_KINDS = ['product'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const uploadQuery = z.strictObject({ biz: z.enum(UPLOAD_KINDS).default('product') });
export type UploadQuery = z.infer<typeof uploadQuery>;

/** A stored file's key: `<kind>/<owner>/<random>.<ext>`, no '..', no leading slash. */
export const fileKey = string()
  .max(FILE_LIMITS.keyLength)
  .regex(/^[a-z]+\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(jpg|png|webp|gif)$/, { message: 'file_key_format' });

export const fileKeyParams = z.strictObject({ '*': fileKey });

export const storedFile = z.object({
  key: string(),
  url: string(),
  name: string(),
  contentType: z.enum(IMAGE_TYPES),
  size: z.number().int(),
});
export type StoredFile = z.infer<typeof storedFile>;
