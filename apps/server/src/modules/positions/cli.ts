/**
 * `npm run trackers -w apps/server -- …`: tracker secrets from the command line, for the operator before any
 * administrator can log in (the same writes as the admin API, journalled without a user). Uses the database the
 * server uses (DATABASE_URL, else the PGlite in DATA_DIR — stop the server first, PGlite has one user: while a
 * server holds DATA_DIR the command is refused, db/dataDirLock.ts).
 *   list                                   devices with a tracker state
 *   create <deviceCode> [--tracker-id ID]  creates or rotates; prints the secret once and the URLs' paths
 *   revoke <deviceCode>
 */
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { DATA_DIR_LOCKED_EXIT, DataDirLockedError, lockEmbedded } from '../../db/dataDirLock.js';
import { migrate } from '../../db/migrate.js';
import { deviceTrackers, devices } from '../../db/schema/index.js';
import { createNullHub } from '../../nullHub.js';
import { removeTrackerSecret, writeTrackerSecret } from './trackers.js';

const USAGE =
  'Použití: npm run trackers -w apps/server -- list | create <kód zařízení> [--tracker-id ID] | revoke <kód zařízení>';

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const [command, code] = args;
  if (!command || (command !== 'list' && !code)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  lockEmbedded(config, 'trackers'); // released when the command exits
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(handle);
    const deps = { db: handle.db, hub: createNullHub() };
    if (command === 'list') {
      const rows = await handle.db
        .select({ code: devices.code, tracker: deviceTrackers })
        .from(deviceTrackers)
        .innerJoin(devices, eq(devices.id, deviceTrackers.deviceId))
        .orderBy(devices.code);
      for (const r of rows) {
        console.log(
          `${r.code}\t${r.tracker.trackerId ?? r.code}\t${r.tracker.revokedAt ? 'zneplatněn' : 'platný'}\t` +
            `poslední hlášení ${r.tracker.lastReportAt?.toISOString() ?? '-'}\todmítnuto ${JSON.stringify(r.tracker.refusals)}`,
        );
      }
      return 0;
    }
    const [device] = await handle.db.select().from(devices).where(eq(devices.code, code));
    if (!device) {
      console.error(`Zařízení ${code} neexistuje.`);
      return 1;
    }
    const actor = { userId: null, deviceId: null };
    if (command === 'create') {
      const i = args.indexOf('--tracker-id');
      const created = await writeTrackerSecret(deps, actor, device, i > 0 ? { trackerId: args[i + 1] } : {});
      console.log(`Klíč zařízení ${code} (zobrazí se jen teď): ${created.secret}`);
      console.log(`OsmAnd / Traccar Client: <adresa serveru>${created.osmandPath}  (id = ${created.trackerId})`);
      console.log(`Přeposílání z Traccaru (forward.url): <adresa serveru>${created.traccarPath}`);
      return 0;
    }
    if (command === 'revoke') {
      await removeTrackerSecret(deps, actor, device);
      console.log(`Klíč zařízení ${code} byl zneplatněn.`);
      return 0;
    }
    console.error(USAGE);
    return 2;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(error instanceof DataDirLockedError ? DATA_DIR_LOCKED_EXIT : 1);
  },
);
