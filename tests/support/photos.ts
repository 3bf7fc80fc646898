/**
 * Product photo keys for tests: the upload's format under a seller's folder. The catalogue checks
 * that a product names only its own seller's photos, not that the file is there.
 */
import type { TestWorld } from './test-app.js';

/** The n-th photo key of this seller, as POST /sys/common/upload would name it. */
export function productPhotoKey(sellerId: string, n = 1, extension = 'jpg'): string {
  return `product/${sellerId}/00000000-0000-4000-8000-${String(n).padStart(12, '0')}.${extension}`;
}

const sellers = new Map<string, string>();

/** The seller a signed-in user acts for (their own id, or their seller's for seller staff). */
export async function sellerIdOf(world: TestWorld, token: string): Promise<string> {
  const known = sellers.get(token);
  if (known) return known;
  const info = await world.request({ method: 'GET', url: '/api/user/info', token });
  const sellerId = (info.json() as { result?: { sellerId?: string | null } }).result?.sellerId;
  if (!sellerId) throw new Error(`not a seller's user: ${info.body.slice(0, 200)}`);
  sellers.set(token, sellerId);
  return sellerId;
}
