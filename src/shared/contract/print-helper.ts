/**
 * The local print helper's replies, as the admin reads them (the helper itself is a plain Node
 * program without dependencies and writes these shapes by hand): its status with the computer's
 * printers, a job with each document's state, and a refusal.
 */
import { z } from 'zod';
import { string } from './common.js';

export const helperPrinter = z.object({
  name: string().max(256),
  kind: z.enum(['system', 'folder']),
  isDefault: z.boolean().default(false),
});
export type HelperPrinter = z.infer<typeof helperPrinter>;

export const helperStatus = z.object({
  name: string().max(100),
  version: string().max(40),
  printers: z.array(helperPrinter).max(500).default([]),
});
export type HelperStatus = z.infer<typeof helperStatus>;

export const helperJob = z.object({
  id: string().max(128),
  printer: string().max(256),
  status: z.enum(['queued', 'printing', 'done', 'failed']),
  documents: z
    .array(
      z.object({
        id: string().max(128),
        status: z.enum(['queued', 'printing', 'done', 'failed']),
        error: string().max(2000).optional(),
      }),
    )
    .max(1000),
});
export type HelperJob = z.infer<typeof helperJob>;

export const helperRefusal = z.object({
  error: string().max(100),
  message: string().max(2000).default(''),
  document: string().max(128).optional(),
  printer: string().max(256).optional(),
});
export type HelperRefusal = z.infer<typeof helperRefusal>;
