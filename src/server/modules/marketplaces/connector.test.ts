import { describe, expect, it } from 'vitest';
import { normaliseUnknown, unknownOf, type ListedOrder, type MarketplaceOrder } from './connector.js';

interface Raw {
  id?: string;
  at?: number;
}

const listedOf = (raw: unknown): ListedOrder | null => {
  const { id, at } = raw as Raw;
  return id === undefined || at === undefined ? null : { orderNo: id, updatedAt: at };
};
const normalised: unknown[] = [];
const normalise = (raw: unknown): MarketplaceOrder => {
  normalised.push(raw);
  return { orderNo: (raw as Raw).id ?? '?' } as MarketplaceOrder;
};

describe('normaliseUnknown', () => {
  it('normalises only the orders not held at the update time they carry, and counts the others', async () => {
    normalised.length = 0;
    const asked: ListedOrder[][] = [];
    const raws: Raw[] = [
      { id: 'held', at: 1_000 },
      { id: 'moved', at: 2_000 },
      // No update time: normalised (and refused there when malformed), never asked about.
      { id: 'unreadable' },
      // Twice in the page: normalised both times, never counted known.
      { id: 'twice', at: 3_000 },
      { id: 'twice', at: 4_000 },
    ];
    const page = await normaliseUnknown(
      raws,
      listedOf,
      async (listed) => {
        asked.push([...listed]);
        return new Set(['held', 'twice']);
      },
      normalise,
    );
    expect(asked).toEqual([
      [
        { orderNo: 'held', updatedAt: 1_000 },
        { orderNo: 'moved', updatedAt: 2_000 },
      ],
    ]);
    expect(page.knownCount).toBe(1);
    expect(page.orders.map((order) => order.orderNo)).toEqual(['moved', 'unreadable', 'twice', 'twice']);
    expect(normalised).toEqual([raws[1], raws[2], raws[3], raws[4]]);
  });

  it('normalises every order when nothing is known to ask', async () => {
    normalised.length = 0;
    const page = await normaliseUnknown([{ id: 'a', at: 1 }], listedOf, undefined, normalise);
    expect(page).toEqual({ orders: [{ orderNo: 'a' }], knownCount: 0 });
  });
});

describe('unknownOf', () => {
  it('answers the raw orders not held at the update time they carry, as they came, unnormalised', async () => {
    const raws: Raw[] = [{ id: 'held', at: 1_000 }, { id: 'moved', at: 2_000 }, { id: 'unreadable' }];
    const page = await unknownOf(raws, listedOf, async () => new Set(['held']));
    expect(page).toEqual({ unknown: [raws[1], raws[2]], knownCount: 1 });
    expect(await unknownOf(raws, listedOf, undefined)).toEqual({ unknown: raws, knownCount: 0 });
  });
});
