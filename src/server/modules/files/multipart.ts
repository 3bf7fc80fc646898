/**
 * Reading a multipart form into memory within limits, all parts before any work, so an upload
 * that breaks a limit is refused whole. @fastify/multipart's limit errors become our codes.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '@shared/errors.js';

export interface UploadedPart {
  fieldName: string;
  fileName: string;
  data: Buffer;
}

export interface MultipartLimits {
  files: number;
  fileBytes: number;
  fields: number;
  fieldBytes: number;
}

function limitError(error: unknown, limits: MultipartLimits): AppError | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new AppError('files.too_many', { max: limits.files });
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('files.too_large', { maxMb: Math.round(limits.fileBytes / 1024 / 1024) });
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION') return new AppError('common.validation');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError('files.not_multipart');
  return null;
}

/** The files of a multipart request (at least one), refusing the whole form past any limit. */
export async function readFiles(request: FastifyRequest, limits: MultipartLimits): Promise<UploadedPart[]> {
  if (!request.isMultipart()) throw new AppError('files.not_multipart');
  const files: UploadedPart[] = [];
  try {
    const parts = request.parts({
      limits: {
        files: limits.files,
        fileSize: limits.fileBytes,
        fields: limits.fields,
        fieldSize: limits.fieldBytes,
        parts: limits.files + limits.fields,
      },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      const data = await part.toBuffer();
      files.push({ fieldName: part.fieldname, fileName: part.filename.slice(0, 200), data });
    }
  } catch (error) {
    // Anything else the parser throws (a cut-off form, a broken boundary) is the sender's fault.
    throw limitError(error, limits) ?? new AppError('files.malformed');
  }
  if (files.length === 0) throw new AppError('files.none');
  return files;
}
