/**
 * The agent's chat widget (spec 01 §1 'an optional chat script'). `chatJs` may be a script
 * address or a `<script src=…>` snippet as chat vendors hand them out. It is always added as a
 * new <script> element loading that address, never as markup: a snippet is parsed inertly and
 * only its address is taken. Script code (an inline snippet) is not run: the page's content
 * security policy allows no inline script, only the chat script's own origin, which the server
 * derives from the same chatJs (modules/tenants).
 */
export const CHAT_SCRIPT_ID = 'agent-chat-script';

export type ChatScript = { src: string };

function isScriptAddress(value: string): boolean {
  return /^(https?:)?\/\/[^\s]+$/i.test(value) || /^\/[^/\s][^\s]*$/.test(value);
}

function fromSnippet(snippet: string): ChatScript | null {
  const parsed = new DOMParser().parseFromString(snippet, 'text/html');
  const src = parsed.querySelector('script')?.getAttribute('src')?.trim();
  return src && isScriptAddress(src) ? { src } : null;
}

/** What to load for a configured chatJs; null when there is nothing safe to load. */
export function chatScriptOf(chatJs: string | null | undefined): ChatScript | null {
  const value = chatJs?.trim();
  if (!value) return null;
  if (isScriptAddress(value)) return { src: value };
  if (value.startsWith('<')) return fromSnippet(value);
  return null;
}

/** Adds the chat script once per page; a second call with a script already present does nothing. */
export function injectChatScript(chatJs: string | null | undefined): HTMLScriptElement | null {
  const script = chatScriptOf(chatJs);
  if (!script || document.getElementById(CHAT_SCRIPT_ID)) return null;
  const element = document.createElement('script');
  element.id = CHAT_SCRIPT_ID;
  element.src = script.src;
  element.async = true;
  document.body.appendChild(element);
  return element;
}
