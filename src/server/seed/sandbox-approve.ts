/**
 * What a seller's browser does on a sandbox authorisation page (src/sandbox/server.ts
 * authorisePage): for the demo's shops and the tests, which go through the platforms' real
 * redirect flow without a browser.
 */
/**
 * What a seller's browser does on the sandbox's authorisation page: post its form for the shop,
 * then read where the platform sends it back (the query /shopifyAuth receives).
 */
export async function approveOnSandbox(url: string, shopId: string): Promise<Record<string, string>> {
  const page = await fetch(url, { redirect: 'manual' });
  const html = await page.text();
  const form = /<form[^>]*action="([^"]*)"/i.exec(html);
  if (!form?.[1]) throw new Error(`no authorisation form at ${url} (HTTP ${page.status})`);
  const fields = new URLSearchParams();
  for (const input of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields.set(unescapeHtml(input[1] ?? ''), unescapeHtml(input[2] ?? ''));
  }
  const buttons = [...html.matchAll(/<button name="([^"]*)" value="([^"]*)"/g)];
  const chosen = buttons.find((button) => unescapeHtml(button[2] ?? '') === shopId) ?? buttons[0];
  if (chosen) fields.set(unescapeHtml(chosen[1] ?? ''), unescapeHtml(chosen[2] ?? ''));
  const action = new URL(unescapeHtml(form[1]), url);
  const answer = await fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (!location)
    throw new Error(`the sandbox did not redirect (HTTP ${answer.status}: ${await answer.text()})`);
  return Object.fromEntries(new URL(location).searchParams);
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&');
}
