/** Reloads the page: one place so the error reactions and the language switch can be tested. */
export function reloadPage(): void {
  window.location.reload();
}
