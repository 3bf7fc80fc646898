import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { createTestWorld } from '../support/test-app.js';

it('dumps routes', async () => {
  const world = await createTestWorld({}, { jobWorkers: 0 });
  const reply = await world.request({ method: 'GET', url: '/api/docs/json' });
  const doc = reply.json();
  const configs: Record<string, unknown> = {};
  for (const [path, methods] of Object.entries(doc.paths as Record<string, object>)) {
    for (const method of Object.keys(methods)) {
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      const found = world.app.findRoute({ method: method.toUpperCase() as 'GET', url });
      const store = (found as unknown as { store?: { config?: Record<string, unknown> } })?.store;
      const { url: _u, method: _m, ...config } = store?.config ?? {};
      configs[`${method} ${path}`] = config;
    }
  }
  writeFileSync(process.env.DUMP_FILE ?? '/tmp/routes/dump.json', JSON.stringify({ doc, configs }, null, 1));
  await world.close();
});
