/** `npm run seed`: creates the demo data on an empty database, and says so when it is not empty. */
import { join } from 'node:path';
import { startDatabase } from './bootstrap.js';
import { readEnv } from './env.js';
import { localFileStorage } from './modules/files/index.js';
import { seedDemo } from './seed/demo.js';

const env = readEnv();
const { database, embedded } = await startDatabase(env, (message) => console.log(message));
try {
  console.log(
    (await seedDemo(database.db, { files: localFileStorage(join(env.DATA_DIR, 'files')) }))
      ? 'demo data created'
      : 'the database already has tenants: nothing seeded',
  );
} finally {
  await database.close();
  await embedded?.stop();
}
