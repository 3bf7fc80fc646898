/**
 * Serves the built web apps: the admin at / (with its single-page fallback to index.html),
 * the PDA at /pda/ (its own fallback to /pda/index.html; its service worker, manifest and
 * index never cached, so an update is seen at once), public files such as branding images and
 * the print plugin's archive, made from the helper program in this repository.
 * Before the apps are built, only public files are served and a page path answers 404.
 */
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { routeNotFound } from './errors.js';
import { registerPrintPluginDownload } from './print-plugin.js';

const PUBLIC_DIR = fileURLToPath(new URL('../../../public', import.meta.url));

/** Paths the single-page admin owns: everything but the API, the live channel and files with an extension. */
export function isPagePath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return !path.startsWith('/api') && !path.startsWith('/websocket') && !/\.[A-Za-z0-9]+$/.test(path);
}

const PDA_NO_CACHE = new Set(['sw.js', 'index.html', 'manifest.webmanifest', 'registerSW.js']);

/** Paths of the PDA app: /pda and everything under /pda/. */
export function isPdaPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/pda' || path.startsWith('/pda/');
}

async function registerPda(app: FastifyInstance, pdaDir: string) {
  await app.register(fastifyStatic, {
    root: pdaDir,
    prefix: '/pda/',
    wildcard: true,
    index: false,
    decorateReply: false,
    cacheControl: false,
    setHeaders(response, path) {
      const name = basename(path);
      if (PDA_NO_CACHE.has(name)) response.setHeader('cache-control', 'no-cache');
      else if (path.includes(join('pda', 'assets'))) {
        response.setHeader('cache-control', 'public, max-age=31536000, immutable');
      }
      if (name === 'sw.js') response.setHeader('service-worker-allowed', '/pda/');
    },
  });
  // One route for /pda and /pda/ (the server ignores trailing slashes): /pda moves under the scope.
  app.get('/pda/', (request, reply) =>
    (request.url.split('?')[0] ?? '') === '/pda'
      ? reply.redirect('/pda/')
      : reply.header('cache-control', 'no-cache').sendFile('index.html', pdaDir, { cacheControl: false }),
  );
}

/** `publicUrl`: where browsers reach this server (PUBLIC_URL), the site the print plugin allows. */
export async function registerWebApps(app: FastifyInstance, webRoot: string, publicUrl: string) {
  registerPrintPluginDownload(app, publicUrl);
  const pdaDir = join(webRoot, 'pda');
  const hasPda = existsSync(join(pdaDir, 'index.html'));
  if (hasPda) await registerPda(app, pdaDir);
  const adminDir = join(webRoot, 'admin');
  const hasAdmin = existsSync(join(adminDir, 'index.html'));
  const roots = hasAdmin ? [adminDir, PUBLIC_DIR] : [PUBLIC_DIR];
  await app.register(fastifyStatic, {
    root: roots,
    prefix: '/',
    wildcard: true,
    index: false,
    setHeaders(response, path) {
      if (path.includes(`${join('admin', 'assets')}`))
        response.setHeader('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  if (hasAdmin) {
    app.get('/', (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html', adminDir),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    if (isPdaPath(request.url)) {
      if (hasPda && request.method === 'GET' && isPagePath(request.url)) {
        return reply
          .header('cache-control', 'no-cache')
          .sendFile('index.html', pdaDir, { cacheControl: false });
      }
      return routeNotFound(request, reply);
    }
    if (hasAdmin && request.method === 'GET' && isPagePath(request.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', adminDir);
    }
    return routeNotFound(request, reply);
  });
}
