/**
 * Sends the browser to a marketplace's authorisation page. `assign`, not `replace`: the
 * browser's Back button returns to the shop list. One function, so tests can stand in for it.
 */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
