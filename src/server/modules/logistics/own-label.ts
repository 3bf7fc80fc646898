/**
 * Our own waybill label for a parcel booked with a carrier of our own: 100 × 150 mm with the
 * tracking number as Code 128, the channel, the carrier's sort code, sender and recipient in
 * whatever script they are written (Chinese, Thai, Latin), the order number and the weight.
 * No product lines: a waybill never shows what is inside.
 */
import type { Language } from '@shared/i18n/languages.js';
import type { OrderRecord } from '../orders/index.js';
import { renderWaybills } from '../printing/index.js';
import type { Party } from './carriers/carrier.js';
import type { ChannelRow } from './channels.service.js';

export interface OwnLabelInput {
  order: OrderRecord;
  channel: Pick<ChannelRow, 'name' | 'companyCode'>;
  trackingNo: string;
  carrierName: string;
  sortCode: string;
  sender: Party;
  recipient: Party;
  weightGrams: number;
}

export function renderOwnLabel(input: OwnLabelInput, language: Language): Promise<Buffer> {
  return renderWaybills(
    [
      {
        carrier: { name: input.carrierName || input.channel.name, code: input.channel.companyCode },
        trackingNo: input.trackingNo,
        sortCode: input.sortCode,
        sender: input.sender,
        recipient: input.recipient,
        orderNo: input.order.orderNo,
        weightGrams: input.weightGrams,
      },
    ],
    language,
  );
}
