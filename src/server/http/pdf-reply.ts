/** PDF replies shared by every printing call (labels, box labels): shown inline, never cached. */
import type { FastifyReply } from 'fastify';

/** A PDF made for printing, with the name it is saved under. */
export interface PdfFile {
  fileName: string;
  pdf: Buffer;
}

/** Sends a PDF to be shown in the browser's viewer, with a file name for saving it. */
export function sendPdf(reply: FastifyReply, file: PdfFile) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.pdf);
}
