/**
 * WORKERS is how many jobs a node works at once per queue (README: Configuration). The simulated
 * day found a node with three workers syncing one shop at a time: each queue had one pg-boss
 * worker, so 140 webhook syncs queued behind each other. Here a runner with two workers takes two
 * jobs of one queue at once, and one with a single worker takes them one after the other.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startJobRunner } from '@server/jobs/job-runner.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;

beforeAll(async () => {
  world = await createTestWorld({}, { jobWorkers: 0 });
});
afterAll(async () => {
  await world?.close();
});

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The most jobs of one queue a runner with `workers` worked at the same time, of three sent at once. */
async function mostAtOnce(workers: number, queue: string): Promise<number> {
  let working = 0;
  let most = 0;
  let done = 0;
  const runner = await startJobRunner({
    connection: world.database.ownerConnection,
    workers,
    pollingIntervalSeconds: 0.5,
    schedules: false,
    log: quiet,
    definitions: [
      {
        name: queue,
        async handle() {
          working += 1;
          most = Math.max(most, working);
          // Long enough for an idle worker to poll and take the next job meanwhile.
          await new Promise((resolve) => setTimeout(resolve, 1_500));
          working -= 1;
          done += 1;
        },
      },
    ],
  });
  try {
    for (let index = 0; index < 3; index += 1) await runner.send(queue, { index });
    const deadline = Date.now() + 20_000;
    while (done < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(done).toBe(3);
    return most;
  } finally {
    await runner.stop();
  }
}

it('works as many jobs of a queue at once as it has workers', async () => {
  expect(await mostAtOnce(2, 'test-two-workers')).toBe(2);
  expect(await mostAtOnce(1, 'test-one-worker')).toBe(1);
}, 60_000);
