/**
 * `npm start`: builds the web apps when they are missing or older than their sources, starts the
 * marketplace sandbox beside the server (unless SANDBOX=off; port SANDBOX_PORT, default 8091, and
 * each platform on its own port after it, 8092–8097)
 * with the server's marketplace apps pointed at it, then starts the server (src/server/main.ts),
 * which connects the demo seller's shops to it.
 */
import { ensureWebBuild } from './web-build.js';

if (process.env.SKIP_WEB_BUILD !== 'true' && !ensureWebBuild()) {
  console.error('the web build failed');
  process.exit(1);
}

if (process.env.SANDBOX !== 'off') {
  const { describeSandbox, startSandbox } = await import('../src/sandbox/server.js');
  const { SANDBOX_PLATFORMS } = await import('../src/sandbox/platforms/index.js');
  const { applySandboxEnv } = await import('../src/sandbox/env.js');
  const { startOrderStream } = await import('../src/sandbox/stream.js');
  const sandbox = await startSandbox({
    port: Number(process.env.SANDBOX_PORT ?? 8091),
    platforms: SANDBOX_PLATFORMS,
  });
  applySandboxEnv(sandbox);
  startOrderStream(sandbox.world, 60_000);
  console.log(`Marketplace sandbox on ${sandbox.url} (SANDBOX=off to run without it)`);
  console.log(describeSandbox(sandbox));
}

await import('@server/main.js');
