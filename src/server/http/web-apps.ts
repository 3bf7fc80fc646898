/**
 * Serves the built web apps: the admin at / (with its single-page fallback to index.html)
 * and public files such as branding images. Before the apps are built, only public files
 * are served and a page path answers 404 with a hint.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { routeNotFound } from './errors.js';

const PUBLIC_DIR = fileURLToPath(new URL('../../../public', import.meta.url));

/** Paths the single-page admin owns: everything but the API, the live channel and files with an extension. */
export function isPagePath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return !path.startsWith('/api') && !path.startsWith('/websocket') && !/\.[A-Za-z0-9]+$/.test(path);
}

export async function registerWebApps(app: FastifyInstance, webRoot: string) {
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
    if (hasAdmin && request.method === 'GET' && isPagePath(request.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', adminDir);
    }
    return routeNotFound(request, reply);
  });
}
