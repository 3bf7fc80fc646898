/** A shop session's fetch with a few calls in flight at once (calls-at-once.ts). */
import { describe, expect, it } from 'vitest';
import { fetchAtMost } from './calls-at-once.js';

/** A fetch whose calls wait until the test answers them, in any order. */
function heldFetch() {
  const started: { url: string; answer: () => void; fail: () => void }[] = [];
  const fetch: typeof globalThis.fetch = (input) =>
    new Promise<Response>((resolve, reject) => {
      started.push({
        url: String(input),
        answer: () => resolve(new Response('{}')),
        fail: () => reject(new Error('network down')),
      });
    });
  return { fetch, started };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a fetch with a few calls at once', () => {
  it('lets that many through, and the rest in the order they came as places free up', async () => {
    const { fetch, started } = heldFetch();
    const limited = fetchAtMost(fetch, 2);
    const replies = ['a', 'b', 'c', 'd', 'e'].map((url) => limited(url));
    await settle();
    expect(started.map((call) => call.url)).toEqual(['a', 'b']);
    started[1]?.answer();
    await settle();
    expect(started.map((call) => call.url)).toEqual(['a', 'b', 'c']);
    started[0]?.answer();
    started[2]?.answer();
    await settle();
    expect(started.map((call) => call.url)).toEqual(['a', 'b', 'c', 'd', 'e']);
    for (const call of started.slice(3)) call.answer();
    expect((await Promise.all(replies)).every((reply) => reply.ok)).toBe(true);
  });

  it('frees the place of a call that failed, and passes its error on', async () => {
    const { fetch, started } = heldFetch();
    const limited = fetchAtMost(fetch, 1);
    const failing = limited('a');
    const next = limited('b');
    await settle();
    started[0]?.fail();
    await expect(failing).rejects.toThrow('network down');
    await settle();
    expect(started.map((call) => call.url)).toEqual(['a', 'b']);
    started[1]?.answer();
    expect((await next).ok).toBe(true);
  });
});
