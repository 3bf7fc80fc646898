/**
 * Security headers on every reply, the HTTP server's own refusals included. A page may run only
 * our own script files: no inline script, no eval, no plugins, never inside another site's
 * frame. Each program gets what it needs and nothing more:
 * - the admin (/): antd writes its styles at run time (inline styles), images come from us or
 *   are data:/blob: (previews, generated labels), labels print from a frame of our own or blob:
 *   or through the local print helper on the loopback address,
 *   and an agent's optional chat script may load
 *   from the one origin the agent configured (looked up for the page's site when the page is
 *   served);
 * - the PDA (/pda/): the camera's barcode reader compiles WebAssembly ('wasm-unsafe-eval'), its
 *   service worker and any worker it starts come from us or blob:;
 * - the API (/api, /websocket): replies are data, never documents, so they may load nothing;
 *   the API documentation (/api/docs) is a page of our own script files like the admin.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PRINT_HELPER } from '@shared/domain/print-helper.js';

/** The origin an agent's chat script loads from, for the site of this request; null if none. */
export type ChatOriginOf = (request: FastifyRequest) => Promise<string | null>;

type Directives = Record<string, string[]>;

const COMMON: Directives = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'manifest-src': ["'self'"],
  // Labels print from a same-origin frame holding the PDF as a blob (admin/dialogs/print-helper.ts).
  'frame-src': ["'self'", 'blob:'],
};

/** The local print helper's addresses, which the admin sends print jobs to. */
const PRINT_HELPER_ORIGINS = PRINT_HELPER.ports.map((port) => `http://127.0.0.1:${port}`);

const ADMIN: Directives = {
  ...COMMON,
  'script-src': ["'self'"],
  'connect-src': ["'self'", ...PRINT_HELPER_ORIGINS],
};
const PDA: Directives = {
  ...COMMON,
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  // A pack station's labels go to the print helper on its own computer (pda/pack/label-print.ts).
  'connect-src': ["'self'", ...PRINT_HELPER_ORIGINS],
  'media-src': ["'self'", 'blob:'],
};
const API: Directives = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"], 'base-uri': ["'none'"] };

function policyOf(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** The admin's policy with an agent's chat origin allowed to load its script, frames and data. */
export function adminPolicy(chatOrigin: string | null): string {
  if (!chatOrigin) return policyOf(ADMIN);
  const plus = (name: string) => [...(ADMIN[name] ?? []), chatOrigin];
  return policyOf({
    ...ADMIN,
    'script-src': plus('script-src'),
    'connect-src': plus('connect-src'),
    'frame-src': plus('frame-src'),
    'img-src': plus('img-src'),
  });
}

export const PDA_POLICY = policyOf(PDA);
/** The PDA's service worker reaches its own origin only (the print helper is the page's). */
const PDA_WORKER_POLICY = policyOf({ ...PDA, 'connect-src': ["'self'"] });
export const API_POLICY = policyOf(API);

/** Headers every reply carries, whatever it is. */
export const BASE_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
};

const pathOf = (url: string) => url.split('?')[0] ?? '';
const isPdaPath = (path: string) => path === '/pda' || path.startsWith('/pda/');
const isApiPath = (path: string) =>
  (path === '/api' || path.startsWith('/api/') || path.startsWith('/websocket')) &&
  !path.startsWith('/api/docs');

function isHtml(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.startsWith('text/html');
}

export function registerSecurityHeaders(app: FastifyInstance, chatOriginOf: ChatOriginOf) {
  app.addHook('onSend', async (request, reply) => {
    for (const [name, value] of Object.entries(BASE_HEADERS)) reply.header(name, value);
    const path = pathOf(request.url);
    let policy: string;
    if (isApiPath(path)) policy = API_POLICY;
    else if (isPdaPath(path)) policy = path.endsWith('/sw.js') ? PDA_WORKER_POLICY : PDA_POLICY;
    else if (isHtml(reply.getHeader('content-type')) && !path.startsWith('/api/docs')) {
      policy = adminPolicy(await chatOriginOf(request).catch(() => null));
    } else policy = adminPolicy(null);
    reply.header('content-security-policy', policy);
  });
}
