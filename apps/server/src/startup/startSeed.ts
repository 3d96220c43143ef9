/**
 * What an empty database gets at start. With `ENVIRONMENT=production` demo data and demo accounts are never
 * seeded, whatever `SEED` says: a production database must not open with `admin`/`panel-demo`. Instead, and
 * only while the database has no user at all, it gets what the panel cannot work without (bases and
 * catalogues, roles, groups and their grants — the same rows as the demo's) and one administrator:
 * user `admin`, role admin, the central base, one device "Správa systému" to confirm at login. The password
 * is `ADMIN_PASSWORD`, or when that is unset a random one printed once to stdout (only its argon2 hash is
 * stored). The panel has no "must change password" flag: the administrator changes it in the panel
 * (Uživatel → Změna hesla) — README and docs/ARCHITECTURE.md "Database" say so.
 *
 * Several nodes may start at once on an empty PostgreSQL: a transaction-scoped advisory lock lets one seed,
 * the others find the user and do nothing.
 */
import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { CENTRAL_BASE_ID } from '@panel/domain/constants';
import type { Config } from '../config.js';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  continueExplicitIdSequences,
  seedAccessControl,
  seedDemo,
  seedReferenceData,
} from '../demo/seed.js';
import { hashPassword } from '../modules/auth/passwords.js';
import type { Database } from '../db/client.js';
import { bases, devices, roles, userDevices, userRoles, users } from '../db/schema/index.js';

export const ADMIN_USERNAME = 'admin';
export const ADMIN_DEVICE_CODE = 'X-ADMIN-01';

export function isProduction(environment: string): boolean {
  return environment.trim().toLowerCase() === 'production';
}

export interface AdminSeedResult {
  created: boolean;
  /** set when ADMIN_PASSWORD was not given: shown once, never stored in clear */
  generatedPassword?: string;
}

/** The first administrator (and the reference data) of a production database with no user; else nothing. */
export async function seedProductionAdmin(db: Database, adminPassword?: string): Promise<AdminSeedResult> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (Number(n) > 0) return { created: false };
  const generatedPassword = adminPassword ? undefined : randomBytes(18).toString('base64url');
  const passwordHash = await hashPassword(adminPassword ?? generatedPassword!);
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    const [{ n: usersNow }] = await tx.select({ n: count() }).from(users);
    if (Number(usersNow) > 0) return false; // another node was first
    const [{ n: baseCount }] = await tx.select({ n: count() }).from(bases);
    if (Number(baseCount) === 0) await seedReferenceData(tx);
    const [{ n: roleCount }] = await tx.select({ n: count() }).from(roles);
    if (Number(roleCount) === 0) await seedAccessControl(tx);
    await continueExplicitIdSequences(tx);

    const [central] = await tx.select({ id: bases.id }).from(bases).where(eq(bases.id, CENTRAL_BASE_ID));
    const baseId = central?.id ?? null;
    const [admin] = await tx
      .insert(users)
      .values({ username: ADMIN_USERNAME, passwordHash, firstName: 'Správce', lastName: 'systému', baseId })
      .returning({ id: users.id });
    const [adminRole] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, 'admin'));
    if (adminRole) await tx.insert(userRoles).values({ userId: admin.id, roleId: adminRole.id });
    // without a device to confirm, the session could reach only auth/* (docs: "Headers and session")
    const [device] = await tx
      .insert(devices)
      .values({ code: ADMIN_DEVICE_CODE, name: 'Správa systému', baseId, userId: admin.id })
      .onConflictDoUpdate({ target: devices.code, set: { userId: admin.id } })
      .returning({ id: devices.id });
    await tx.insert(userDevices).values({ userId: admin.id, deviceId: device.id });
    return true;
  });
  return created ? { created, generatedPassword } : { created: false };
}

/**
 * The start-up seed by environment and SEED; answers the lines server.ts prints (never a password but the
 * one generated now). Logs through `log` why demo data were not seeded in production.
 */
export async function seedOnStart(
  db: Database,
  config: Pick<Config, 'environment' | 'seed' | 'adminPassword'>,
  log: (message: string) => void = (m) => console.log(m),
): Promise<string[]> {
  if (!isProduction(config.environment)) {
    if (config.seed !== 'demo') return [];
    const lines = (await seedDemo(db, { history: true })) ? ['Do prázdné databáze byla nahrána demo data.'] : [];
    lines.push(`Demo účty (heslo ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((a) => a.username).join(', ')}`);
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.username.padEnd(10)} ${a.description}`);
    return lines;
  }
  if (config.seed === 'demo') {
    log('[panel] ENVIRONMENT=production: demo data and demo accounts are never seeded (SEED=demo ignored)');
  }
  const result = await seedProductionAdmin(db, config.adminPassword);
  if (!result.created) return [];
  const lines = ['Prázdná produkční databáze: nahrány číselníky a základny a vytvořen správce „admin“.'];
  if (result.generatedPassword) {
    lines.push(
      `Jednorázové heslo správce admin: ${result.generatedPassword}`,
      'Heslo se zobrazuje jen teď a nikde se neukládá; po přihlášení ho změňte (Uživatel → Změna hesla).',
    );
  } else {
    lines.push('Heslo správce je z ADMIN_PASSWORD; po prvním přihlášení ho změňte a ADMIN_PASSWORD odstraňte.');
  }
  return lines;
}
