/**
 * The shipping label a sandbox platform hands out for an arranged order, drawn as Shopee, Lazada,
 * TikTok Shop and Joom Logistics issue theirs: one 100 × 150 mm thermal page with the platform and
 * its carrier at the top, the tracking number as a Code 128 with its text, a sort code, the
 * platform's QR code, the recipient and the sender in their own scripts (Thai, Chinese, Latin; the
 * Noto fonts of label-text.ts, so nothing is printed as `?`), the order number with its own Code 128,
 * the ship-by date and the quantity. Headings are in the destination market's language beside
 * English, as the platforms print them. Coupang and Shopify issue no labels (their sellers ship
 * with a courier and upload its number), so they have none here either.
 *
 * Each label is made once per order and tracking number: a second download returns the same
 * bytes, as a stored document would (a fixed creation date keeps the bytes the same).
 *
 * Kept whole past 400 lines: it draws one page, top to bottom, as the platforms lay it out; the
 * fonts and text shaping are label-text.ts.
 */
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import type { MarketplacePlatform } from '@shared/domain/marketplaces.js';
import type { Language } from '@shared/i18n/languages.js';
import { labelTextWriter, registerLabelFaces } from './label-text.js';
import type { SandboxOrder } from './world-model.js';

const MM = 72 / 25.4;
/** 100 × 150 mm, the thermal label size the platforms print their air waybills on. */
export const PLATFORM_LABEL_SIZE: [number, number] = [100 * MM, 150 * MM];
const MARGIN = 3 * MM;
const PAD = 1.5 * MM;

/** Horizontal rules between the label's bands, in mm from the top. */
const BANDS = { header: 17, tracking: 45, recipient: 88, sender: 112, order: 134 } as const;

const made = new WeakMap<SandboxOrder, { trackingNo: string; pdf: Promise<Buffer> }>();

/** The label of an arranged order; the same bytes for as long as its tracking number stays. */
export function platformLabelPdf(order: SandboxOrder): Promise<Buffer> {
  const known = made.get(order);
  if (known && known.trackingNo === order.trackingNo) return known.pdf;
  const pdf = render(order);
  made.set(order, { trackingNo: order.trackingNo, pdf });
  return pdf;
}

interface Brand {
  /** Printed white on black at the top left, as the platforms' logos are on thermal paper. */
  name: string;
  /** The service under the carrier's name. */
  service: string;
}

const BRANDS: Partial<Record<MarketplacePlatform, Brand>> = {
  shopee: { name: 'Shopee', service: 'Standard Delivery' },
  lazada: { name: 'LAZADA', service: 'LEX Standard' },
  tiktok: { name: 'TikTok Shop', service: 'Standard Shipping' },
  joom: { name: 'Joom Logistics', service: 'Joom Standard' },
};

interface Headings {
  language: Language;
  recipient: string;
  sender: string;
  order: string;
  shipBy: string;
  quantity: string;
  shop: string;
}

/** The headings in the destination's language beside English, as each market's labels have them. */
const HEADINGS: Record<string, Headings> = {
  TH: {
    language: 'th-TH',
    recipient: 'ผู้รับ TO',
    sender: 'ผู้ส่ง FROM',
    order: 'หมายเลขคำสั่งซื้อ Order ID',
    shipBy: 'ส่งภายใน Ship by',
    quantity: 'จำนวน Qty',
    shop: 'ร้านค้า',
  },
  TW: {
    language: 'zh-TC',
    recipient: '收件人 TO',
    sender: '寄件人 FROM',
    order: '訂單編號 Order ID',
    shipBy: '最晚出貨 Ship by',
    quantity: '數量 Qty',
    shop: '賣場',
  },
  VN: {
    language: 'vn-VN',
    recipient: 'Người nhận TO',
    sender: 'Người gửi FROM',
    order: 'Mã đơn hàng Order ID',
    shipBy: 'Giao trước Ship by',
    quantity: 'Số lượng Qty',
    shop: 'Shop',
  },
  CN: {
    language: 'zh-CN',
    recipient: '收件人 TO',
    sender: '寄件人 FROM',
    order: '订单号 Order ID',
    shipBy: '最晚发货 Ship by',
    quantity: '数量 Qty',
    shop: '店铺',
  },
};
const ENGLISH: Headings = {
  language: 'en-US',
  recipient: 'TO',
  sender: 'FROM',
  order: 'Order ID',
  shipBy: 'Ship by',
  quantity: 'Qty',
  shop: 'Shop',
};

/** The province as the platform's address book writes it in the destination's script. */
const LOCAL_PLACES: Record<string, string> = {
  Bangkok: 'กรุงเทพมหานคร',
  'Chiang Mai': 'เชียงใหม่',
  Taipei: '臺北市',
  'Taipei City': '臺北市',
  'Ho Chi Minh City': 'Thành phố Hồ Chí Minh',
  'Ho Chi Minh': 'TP. Hồ Chí Minh',
};

/**
 * The seller's pick-up address the platform prints as the sender. The sandbox's shops have none
 * of their own, so each shop gets one of these cross-border sellers' warehouses, chosen by its id.
 */
const PICKUP_ADDRESSES = [
  {
    name: '深圳优品跨境电商有限公司',
    phone: '+86 755 2345 6789',
    address: '广东省深圳市龙华区民治街道 星河WORLD A栋 1203室 518131',
  },
  {
    name: '台北好物國際有限公司',
    phone: '+886 2 2345 6789',
    address: '臺北市內湖區瑞光路513巷22號5樓 114',
  },
  {
    name: 'บริษัท สยามช้อป จำกัด',
    phone: '+66 2 123 4567',
    address: '99/9 ถนนบางนา-ตราด แขวงบางนา เขตบางนา กรุงเทพมหานคร 10260',
  },
] as const;

function pickupOf(shopId: string) {
  let hash = 0;
  for (const char of shopId) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return PICKUP_ADDRESSES[hash % PICKUP_ADDRESSES.length] ?? PICKUP_ADDRESSES[0];
}

/** The carrier's sort code: the destination, its postcode's district and a lane. */
function sortCodeOf(order: SandboxOrder): string {
  const district = order.address.postcode.replace(/\D/g, '').slice(0, 3) || '000';
  const lane = `${String.fromCharCode(65 + (order.seq % 6))}${(order.seq % 9) + 1}`;
  return `${order.address.country}-${district} ${lane}`;
}

/** YYYY-MM-DD on the sandbox's Bangkok calendar (UTC+7), as the platforms print their dates. */
function dateOf(time: number): string {
  return new Date(time + 7 * 3_600_000).toISOString().slice(0, 10);
}

const isPrintableAscii = (code: string) => /^[\x20-\x7e]+$/.test(code);

interface Images {
  tracking: Buffer | null;
  order: Buffer | null;
  qr: Buffer | null;
}

/** The label's barcodes as PNGs, drawn by bwip-js; a code Code 128 cannot carry gets none. */
async function barcodesOf(order: SandboxOrder): Promise<Images> {
  const code128 = (text: string) =>
    isPrintableAscii(text)
      ? bwipjs.toBuffer({ bcid: 'code128', text, scale: 3, height: 12, includetext: false })
      : Promise.resolve(null);
  const qrText = order.trackingNo || order.orderId;
  return {
    tracking: await code128(order.trackingNo),
    order: await code128(order.orderId),
    qr: qrText ? await bwipjs.toBuffer({ bcid: 'qrcode', text: qrText, scale: 4 }) : null,
  };
}

/** Width and height of a PNG from its header. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

/** A Code 128 centred in the box, at most `maxModule` points a bar module, with its quiet zones. */
function drawCode128(
  doc: PDFKit.PDFDocument,
  png: Buffer,
  box: { x: number; y: number; width: number; height: number; maxModule: number },
) {
  const modules = pngSize(png).width / 3;
  const fitting = (box.width * modules) / (modules + 20);
  const width = Math.min(fitting, modules * box.maxModule);
  doc.image(png, box.x + (box.width - width) / 2, box.y, { width, height: box.height });
}

async function render(order: SandboxOrder): Promise<Buffer> {
  const images = await barcodesOf(order);
  return new Promise((resolve, reject) => {
    const brand = BRANDS[order.platform] ?? { name: order.platform, service: 'Standard' };
    const doc = new PDFDocument({
      size: PLATFORM_LABEL_SIZE,
      margin: 0,
      info: {
        CreationDate: new Date(order.createdAt),
        Title: `${brand.name} AWB ${order.trackingNo}`,
        Producer: 'Marketplace sandbox',
      },
    });
    registerLabelFaces(doc);
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    drawLabel(doc, order, brand, images);
    doc.end();
  });
}

function drawLabel(doc: PDFKit.PDFDocument, order: SandboxOrder, brand: Brand, images: Images) {
  const headings = HEADINGS[order.address.country] ?? ENGLISH;
  // Taiwan reads Traditional Han characters; the other markets' Chinese text is Simplified.
  const fit = labelTextWriter(doc, headings.language === 'zh-TC' ? 'hant' : 'hans');
  const [pageWidth, pageHeight] = PLATFORM_LABEL_SIZE;
  const left = MARGIN + PAD;
  const inner = pageWidth - 2 * (MARGIN + PAD);
  const right = pageWidth - MARGIN;

  // The rules between the bands and the page's top and bottom, no frame down the sides: a line
  // beside a barcode's rows makes some decoders (ZXing) miss the start of the code.
  doc.lineWidth(1);
  for (const edge of [MARGIN, pageHeight - MARGIN]) doc.moveTo(MARGIN, edge).lineTo(right, edge);
  doc.stroke();
  doc.lineWidth(0.8);
  for (const band of Object.values(BANDS)) doc.moveTo(MARGIN, band * MM).lineTo(right, band * MM);
  doc.moveTo(62 * MM, BANDS.sender * MM).lineTo(62 * MM, BANDS.order * MM);
  doc.moveTo(50 * MM, BANDS.order * MM).lineTo(50 * MM, pageHeight - MARGIN);
  doc.stroke();

  // Header: the platform white on black, the carrier and its service beside it.
  const logoWidth = 44 * MM;
  doc.rect(MARGIN, MARGIN, logoWidth, (BANDS.header - 3) * MM).fill('black');
  doc
    .fillColor('white')
    .font('Helvetica-Bold')
    .fontSize(brand.name.length > 10 ? 13 : 17);
  doc.text(brand.name, MARGIN, MARGIN + 4 * MM, { width: logoWidth, align: 'center', lineBreak: false });
  doc.fillColor('black');
  const carrierX = MARGIN + logoWidth + PAD;
  const carrierWidth = right - PAD - carrierX;
  const below = fit(order.carrier || brand.name, {
    x: carrierX,
    y: MARGIN + PAD,
    width: carrierWidth,
    height: 7 * MM,
    size: 13,
    minSize: 8,
    maxLines: 1,
  });
  fit(brand.service, { x: carrierX, y: below, width: carrierWidth, height: 5 * MM, size: 8, maxLines: 1 });

  // The tracking number: a large Code 128 and its text.
  const barTop = (BANDS.header + 2) * MM;
  if (images.tracking)
    drawCode128(doc, images.tracking, {
      x: left,
      y: barTop,
      width: inner,
      height: 17 * MM,
      maxModule: 0.5 * MM,
    });
  fit(order.trackingNo, {
    x: left,
    y: barTop + 18 * MM,
    width: inner,
    height: 7 * MM,
    size: 14,
    minSize: 8,
    maxLines: 1,
    align: 'center',
  });

  // Recipient, with the QR code and the sort code on the right.
  const qrSize = 24 * MM;
  const qrX = right - PAD - qrSize;
  const recipientTop = BANDS.tracking * MM + PAD;
  if (images.qr) doc.image(images.qr, qrX, recipientTop + 1 * MM, { width: qrSize, height: qrSize });
  fit(sortCodeOf(order), {
    x: qrX - 4 * MM,
    y: recipientTop + qrSize + 2 * MM,
    width: qrSize + 4 * MM,
    height: 7 * MM,
    size: 13,
    minSize: 7,
    maxLines: 1,
    align: 'center',
  });
  const textWidth = qrX - PAD - left;
  const address = order.address;
  const place = LOCAL_PLACES[address.city] ?? address.city;
  const region = LOCAL_PLACES[address.region] ?? address.region;
  let y = fit(headings.recipient, {
    x: left,
    y: recipientTop,
    width: textWidth,
    height: 8,
    size: 7,
    maxLines: 1,
  });
  y = fit(`${address.name}  ${address.phone}`, {
    x: left,
    y,
    width: textWidth,
    height: 11 * MM,
    size: 12,
    minSize: 7,
    maxLines: 2,
  });
  const lines = [
    address.line1,
    [place, region === place ? '' : region].filter(Boolean).join(' '),
    `${address.postcode} ${address.country}`,
  ];
  fit(lines.join('\n'), {
    x: left,
    y,
    width: textWidth,
    height: BANDS.recipient * MM - PAD - y,
    size: 10,
    minSize: 6.5,
  });

  // Sender: the seller's pick-up address.
  const pickup = pickupOf(order.shopId);
  y = fit(headings.sender, {
    x: left,
    y: BANDS.recipient * MM + PAD,
    width: inner,
    height: 8,
    size: 7,
    maxLines: 1,
  });
  y = fit(`${pickup.name}  ${pickup.phone}`, {
    x: left,
    y,
    width: inner,
    height: 5 * MM,
    size: 8.5,
    minSize: 6,
    maxLines: 1,
  });
  fit(`${pickup.address}\n${headings.shop}: ${order.shopId}`, {
    x: left,
    y,
    width: inner,
    height: BANDS.sender * MM - PAD - y,
    size: 8,
    minSize: 5.5,
  });

  // Order number and its Code 128; ship-by beside it.
  const orderWidth = 62 * MM - MARGIN - 2 * PAD;
  y = fit(headings.order, {
    x: left,
    y: BANDS.sender * MM + PAD,
    width: orderWidth,
    height: 8,
    size: 6.5,
    maxLines: 1,
  });
  y = fit(order.orderId, { x: left, y, width: orderWidth, height: 12, size: 9.5, minSize: 6, maxLines: 1 });
  if (images.order)
    drawCode128(doc, images.order, {
      x: left,
      y: y + 0.5 * MM,
      width: orderWidth,
      height: BANDS.order * MM - PAD - y - 0.5 * MM,
      maxModule: 0.35 * MM,
    });
  const sideX = 62 * MM + PAD;
  const sideWidth = right - PAD - sideX;
  y = fit(headings.shipBy, {
    x: sideX,
    y: BANDS.sender * MM + PAD,
    width: sideWidth,
    height: 8,
    size: 6.5,
    maxLines: 1,
  });
  fit(order.shipBy === null ? '—' : dateOf(order.shipBy), {
    x: sideX,
    y,
    width: sideWidth,
    height: 6 * MM,
    size: 11,
    minSize: 7,
    maxLines: 1,
  });

  // Bottom: quantity, and the print date the platforms stamp.
  const quantity = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  const cellTop = BANDS.order * MM + PAD;
  y = fit(headings.quantity, { x: left, y: cellTop, width: 45 * MM, height: 8, size: 6.5, maxLines: 1 });
  fit(String(quantity), { x: left, y, width: 45 * MM, height: 8 * MM, size: 14, maxLines: 1 });
  const dateX = 50 * MM + PAD;
  fit(`${order.platform.toUpperCase()} · ${dateOf(order.createdAt)}`, {
    x: dateX,
    y: cellTop,
    width: right - PAD - dateX,
    height: 10 * MM,
    size: 8,
    minSize: 6,
    maxLines: 2,
  });
}
