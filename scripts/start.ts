/**
 * `npm start`: builds the web apps when they are missing or older than their sources, then
 * starts the server (src/server/main.ts).
 */
import { ensureWebBuild } from './web-build.js';

if (process.env.SKIP_WEB_BUILD !== 'true' && !ensureWebBuild()) {
  console.error('the web build failed');
  process.exit(1);
}

await import('@server/main.js');
