/**
 * The child process of a database's first start (firstStart.ts: a new embedded one, or an empty PostgreSQL one): create the cluster, prepare it,
 * close it cleanly, report over IPC, exit — and with the exit every byte initdb and the seed used.
 */
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { openNewEmbedded } from '../db/clusterTemplate.js';
import { prepareDatabase, type FirstStartMessage } from './firstStart.js';
import { lockEmbedded } from '../db/dataDirLock.js';

function send(message: FirstStartMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });
}

async function main(): Promise<void> {
  // the server went away (killed during its start): nobody waits for this work
  process.once('disconnect', () => process.exit(1));
  const config = loadConfig();
  // the server that forked this child holds DATA_DIR's lock; anyone else's lock refuses (dataDirLock.ts)
  lockEmbedded(config, 'first start', process.ppid);
  // a new embedded cluster from the installation's template when there is one (db/clusterTemplate.ts)
  const handle = config.databaseUrl
    ? await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
    : await openNewEmbedded(config.dataDir);
  try {
    const lines = await prepareDatabase(handle, config);
    await handle.close(); // checkpointed and closed before the server opens the same files
    await send({ type: 'done', lines, maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) });
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    const e = error instanceof Error ? error : new Error(String(error));
    await send({ type: 'error', message: e.message, stack: e.stack });
    process.exit(1);
  },
);
