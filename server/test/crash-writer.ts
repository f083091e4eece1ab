/**
 * Child process of the crash-durability test: opens the embedded database through the server's own
 * client (lock, migrations) and commits one row per transaction, printing each name only after its
 * commit returned. The test kills this process with SIGKILL mid-stream.
 */
import { departments } from '../db/schema';
import { openPglite } from '../db/client';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: crash-writer <dataDir>');
const { db } = await openPglite(dataDir);
process.stdout.write('ready\n');
for (let n = 0; ; n++) {
  const name = `crash-${n}`;
  await db.transaction(async (tx) => {
    await tx.insert(departments).values({ name, kind: 'admin', orderIndex: n });
  });
  process.stdout.write(`${name}\n`);
}
