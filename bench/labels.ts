/**
 * Part of `npm run bench`: a batch print of 500 parcels. 500 of our waybills (names and
 * addresses in Thai, Chinese and Latin scripts, mixed) rendered into one PDF, then merged with
 * 500 stored single-page A6 PDFs standing in for marketplace labels into one batch PDF.
 * Target: rendered and merged in ≤ 10 s. No database.
 */
import PDFDocument from 'pdfkit';
import { MM } from '@server/modules/printing/label-document.js';
import { mergePdfs, renderWaybills, type Waybill } from '@server/modules/printing/index.js';

const PARCELS = 500;
const TARGET_S = 10;

const recipients = [
  {
    name: 'สมชาย ใจดี',
    phone: '+66 81 234 5678',
    address: '123/45 Sukhumvit Soi 21, แขวงคลองเตยเหนือ เขตวัฒนา กรุงเทพมหานคร 10110',
  },
  {
    name: '陳大文 Chan Tai Man',
    phone: '0912-345-678',
    address: '臺北市信義區信義路五段7號 89樓 Taipei 110',
  },
  {
    name: '王小明',
    phone: '+86 138 0013 8000',
    address: '广东省深圳市南山区科技园南区高新南七道 R2-B 栋 5 楼 501 室',
  },
  {
    name: 'Nguyễn Văn An',
    phone: '+84 912 345 678',
    address: '12 Nguyễn Huệ, Phường Bến Nghé, Quận 1, Thành phố Hồ Chí Minh',
  },
  {
    name: 'Maria Santos',
    phone: '+63 917 123 4567',
    address: 'Unit 5B, 88 Ayala Avenue, Makati City, Metro Manila 1226, Philippines',
  },
];

function waybill(index: number): Waybill {
  const recipient = recipients[index % recipients.length] ?? recipients[0];
  return {
    carrier: {
      name: index % 2 ? 'Flash Express' : 'J&T Express 极兔',
      code: index % 2 ? 'FLASH-TH' : 'JT-TH',
    },
    trackingNo: `TH${String(4_200_000_000 + index).padStart(12, '0')}A`,
    sortCode: index % 3 ? `BKK-${index % 40} A${index % 7}` : null,
    sender: {
      name: '深圳优品跨境电商有限公司',
      phone: '+86 755 1234 5678',
      address: '广东省深圳市龙岗区坂田街道 88 号 BKK1 Warehouse',
    },
    recipient: recipient
      ? { ...recipient, address: `${recipient.address} #${index}` }
      : { name: '-', phone: '-', address: '-' },
    orderNo: `SO2406${String(index).padStart(8, '0')}`,
    weightGrams: 200 + ((index * 37) % 3000),
    cod: index % 4 === 0 ? { amount: 29_900 + index * 100, currency: 'THB' } : null,
  };
}

/** One A6 page, as a marketplace hands over its label: made once, stored byte for byte. */
function storedLabel(index: number): Promise<Buffer> {
  const doc = new PDFDocument({ size: [105 * MM, 148 * MM], margin: 20 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.fontSize(14).text(`Marketplace label ${index}`).rect(20, 80, 250, 120).stroke();
  doc.end();
  return done;
}

const seconds = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e9;

const stored = await Promise.all(Array.from({ length: PARCELS }, (_, index) => storedLabel(index)));
const waybills = Array.from({ length: PARCELS }, (_, index) => waybill(index));
// The fonts are read once per process; warm them as a running server has.
await renderWaybills(waybills.slice(0, 1), 'zh-CN');

const started = process.hrtime.bigint();
const ours = await renderWaybills(waybills, 'zh-CN', { timeZone: 'Asia/Bangkok' });
const rendered = seconds(started);
const mergeStarted = process.hrtime.bigint();
const batch = await mergePdfs([ours, ...stored]);
const merged = seconds(mergeStarted);
const total = seconds(started);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
console.log(`\nbatch print: ${PARCELS} waybills rendered + ${PARCELS} stored A6 labels merged into one PDF`);
console.log(
  `  ${PARCELS} waybills rendered (pdfkit, Code 128)   ${rendered.toFixed(2).padStart(6)} s  ${mb(ours.length)}`,
);
console.log(
  `  merged with ${PARCELS} stored PDFs (pdf-lib)      ${merged.toFixed(2).padStart(6)} s  ${mb(batch.length)}, ${2 * PARCELS} pages`,
);
console.log(
  `  rendered and merged                           ${total.toFixed(2).padStart(6)} s   target ≤ ${TARGET_S} s   ${total <= TARGET_S ? 'met' : 'NOT met'}`,
);
