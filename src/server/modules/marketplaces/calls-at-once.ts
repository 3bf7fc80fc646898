/**
 * How many calls one shop's session has in flight at once. A connector's page may fan out (a
 * Shopee page reads up to four parts of its window, each with its detail calls beside it; a
 * Coupang page reads orders by id), and platforms count a shop's calls against a rate they do
 * not always publish: a burst of twenty calls invites a 429 that fails the page. The session's
 * fetch lets CALLS_AT_ONCE through and queues the rest in the order they came.
 */

/** Calls of one shop's session in flight at once. */
export const CALLS_AT_ONCE = 6;

/** `fetch` with at most `atOnce` calls in flight; a call holds its place until its reply's headers have come. */
export function fetchAtMost(fetch: typeof globalThis.fetch, atOnce = CALLS_AT_ONCE): typeof globalThis.fetch {
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else inFlight -= 1;
  };
  return async (input, init) => {
    if (inFlight < atOnce) inFlight += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await fetch(input, init);
    } finally {
      release();
    }
  };
}
