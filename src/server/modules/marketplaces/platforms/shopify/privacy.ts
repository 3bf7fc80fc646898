/**
 * Shopify's mandatory compliance webhooks, read from their documented bodies:
 * - customers/data_request `{shop_id, shop_domain, customer: {id, email, phone}, orders_requested: [ids], data_request: {id}}`;
 * - customers/redact `{shop_id, shop_domain, customer: {id, email, phone}, orders_to_redact: [ids]}`;
 * - shop/redact `{shop_id, shop_domain}`, sent 48 hours after the app is uninstalled.
 * Shopify's ids are 64-bit integers written as bare JSON numbers; they are read from the raw text
 * as strings, since a JavaScript number loses the digits past 2^53.
 */
import { createHash } from 'node:crypto';
import { PRIVACY_TOPICS, type PrivacyNotice, type PrivacyTopic } from '../../connector.js';
import { isArray, isRecord, isString } from '../../http.js';

const isPrivacyTopic = (topic: string): topic is PrivacyTopic =>
  (PRIVACY_TOPICS as readonly string[]).includes(topic);

/**
 * The JSON text with every integer too long for a double's exact range (16 digits or more)
 * turned into a string; text inside strings is left as it is.
 */
export function quoteLongIntegers(text: string): string {
  let out = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index] ?? '';
    if (char === '"') {
      let end = index + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      out += text.slice(index, end + 1);
      index = end + 1;
    } else if (/[-\d]/.test(char)) {
      const number = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(index))?.[0] ?? char;
      out += /^-?\d{16,}$/.test(number) ? `"${number}"` : number;
      index += number.length;
    } else {
      out += char;
      index += 1;
    }
  }
  return out;
}

/** An id as digits: a JSON number within range, a long one quoted by quoteLongIntegers, or a numeric string. */
function idOf(value: unknown): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (isString(value) && /^\d+$/.test(value)) return value;
  return '';
}

const textOf = (value: unknown): string => (isString(value) ? value.trim() : '');

/**
 * The privacy request a compliance webhook carries; null when the topic is not one of the three
 * or the body is not a JSON object. `deliveryId` is X-Shopify-Webhook-Id; without it the body's
 * own hash stands in, so a retry of the same body is still recognised.
 */
export function readPrivacyWebhook(topic: string, rawBody: Buffer, deliveryId: string): PrivacyNotice | null {
  if (!isPrivacyTopic(topic)) return null;
  let body: unknown;
  try {
    body = JSON.parse(quoteLongIntegers(rawBody.toString('utf8')));
  } catch {
    return null;
  }
  if (!isRecord(body)) return null;
  const customer = isRecord(body.customer) ? body.customer : {};
  const listed =
    topic === 'customers/redact'
      ? body.orders_to_redact
      : topic === 'customers/data_request'
        ? body.orders_requested
        : [];
  const orderNos = [...new Set((isArray(listed) ? listed : []).map(idOf).filter((id) => id !== ''))];
  const isCustomerTopic = topic !== 'shop/redact';
  return {
    topic,
    deliveryId:
      deliveryId.trim() !== ''
        ? deliveryId.trim().slice(0, 128)
        : `sha256:${createHash('sha256').update(topic).update('\n').update(rawBody).digest('hex')}`,
    customerId: isCustomerTopic ? idOf(customer.id) : '',
    email: isCustomerTopic ? textOf(customer.email) : '',
    phone: isCustomerTopic ? textOf(customer.phone) : '',
    orderNos,
  };
}
