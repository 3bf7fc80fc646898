/**
 * The shipping label a sandbox platform hands out for an arranged order: an A6 PDF, as Shopee,
 * Lazada and TikTok Shop issue theirs. It names the platform, the order, the carrier and the
 * tracking number in plain text (a test reads them back) and is made once per order, so a
 * second download returns the same bytes, as a stored document would.
 */
import PDFDocument from 'pdfkit';
import type { SandboxOrder } from './world.js';

const A6 = [297.64, 419.53] as const;
const made = new WeakMap<SandboxOrder, { trackingNo: string; pdf: Promise<Buffer> }>();

export function platformLabelPdf(order: SandboxOrder): Promise<Buffer> {
  const known = made.get(order);
  if (known && known.trackingNo === order.trackingNo) return known.pdf;
  const pdf = render(order);
  made.set(order, { trackingNo: order.trackingNo, pdf });
  return pdf;
}

function render(order: SandboxOrder): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // A fixed creation date keeps the bytes the same for the same order.
    const doc = new PDFDocument({
      size: [...A6],
      margin: 18,
      info: { CreationDate: new Date(order.createdAt) },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(16).text(`SANDBOX ${order.platform.toUpperCase()} AWB`);
    doc.moveDown(0.5).font('Helvetica').fontSize(11);
    doc.text(`Order: ${order.orderId}`);
    doc.text(`Carrier: ${order.carrier}`);
    doc.font('Helvetica-Bold').fontSize(14).text(`Tracking: ${order.trackingNo}`);
    doc.moveDown(0.5).font('Helvetica').fontSize(10);
    // Latin only: the sandbox's standard font has no CJK or Thai glyphs.
    const ascii = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');
    doc.text(`To: ${ascii(order.address.name)}`);
    doc.text(
      ascii(
        `${order.address.line1}, ${order.address.city} ${order.address.postcode} ${order.address.country}`,
      ),
    );
    doc.end();
  });
}
