/**
 * The agent's chat widget. `chatJs` may be a script
 * address, a `<script src=…>` snippet as chat vendors hand them out, or script code. It is
 * always added as a new <script> element, never as markup: a snippet is parsed inertly and
 * only its address or code is taken.
 */
export const CHAT_SCRIPT_ID = 'agent-chat-script';

export type ChatScript = { src: string } | { code: string };

function isScriptAddress(value: string): boolean {
  return /^(https?:)?\/\/[^\s]+$/i.test(value) || /^\/[^/\s][^\s]*$/.test(value);
}

function fromSnippet(snippet: string): ChatScript | null {
  const parsed = new DOMParser().parseFromString(snippet, 'text/html');
  const script = parsed.querySelector('script');
  if (!script) return null;
  const src = script.getAttribute('src')?.trim();
  if (src) return isScriptAddress(src) ? { src } : null;
  const code = script.textContent?.trim();
  return code ? { code } : null;
}

/** What to run for a configured chatJs; null when there is nothing safe to run. */
export function chatScriptOf(chatJs: string | null | undefined): ChatScript | null {
  const value = chatJs?.trim();
  if (!value) return null;
  if (isScriptAddress(value)) return { src: value };
  if (value.startsWith('<')) return fromSnippet(value);
  return { code: value };
}

/** Adds the chat script once per page; a second call with a script already present does nothing. */
export function injectChatScript(chatJs: string | null | undefined): HTMLScriptElement | null {
  const script = chatScriptOf(chatJs);
  if (!script || document.getElementById(CHAT_SCRIPT_ID)) return null;
  const element = document.createElement('script');
  element.id = CHAT_SCRIPT_ID;
  if ('src' in script) {
    element.src = script.src;
    element.async = true;
  } else {
    element.text = script.code;
  }
  document.body.appendChild(element);
  return element;
}
