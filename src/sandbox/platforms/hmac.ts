/**
 * The primitive under every signature the sandbox's platforms check or make: HMAC-SHA256 keyed by
 * the secret's UTF-8 bytes. No platform hex-decodes its key, not even Shopee, whose partner keys
 * look like hex (docs/research/marketplace-apis.md, "TL;DR" 1 and the test-vector appendix:
 * "HMAC-SHA256 with a UTF-8 key and UTF-8 message").
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of the parts in order, text as UTF-8 and raw bodies as the bytes received. */
export function hmacSha256(secret: string, parts: readonly (string | Buffer)[]): Buffer {
  const mac = createHmac('sha256', Buffer.from(secret, 'utf8'));
  for (const part of parts) mac.update(typeof part === 'string' ? Buffer.from(part, 'utf8') : part);
  return mac.digest();
}

/** Whether the signature a caller presented is the one the platform expects, compared in constant time. */
export function presentedMatches(expected: string, presented: string): boolean {
  const wanted = Buffer.from(expected, 'utf8');
  const given = Buffer.from(presented, 'utf8');
  return wanted.length === given.length && timingSafeEqual(wanted, given);
}
