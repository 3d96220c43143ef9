/** The start-up seed: production never gets demo data, only a first administrator, and only into no users. */
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { ConfigError, loadConfig } from '../config.js';
import { DEMO_PASSWORD } from '../demo/seed.js';
import { login, pullFullBundle } from '../test/factory.js';
import type { DatabaseHandle } from '../db/client.js';
import { openSeeded } from '../sync/testkit.js';
import { bases, eventCategories, events, roles, userRoles, users } from '../db/schema/index.js';
import { ADMIN_USERNAME, seedOnStart } from './startSeed.js';

const ADMIN_PASSWORD = 'Spravce-2026-heslo';

/** migrated, nothing seeded */
const emptyDatabase = (): Promise<DatabaseHandle> => openSeeded({ seed: false });

const config = (env: Record<string, string>) =>
  loadConfig({ DATA_DIR: ':memory:', WEB_DIST: '/nonexistent-web-dist', ...env });

describe('seedOnStart', () => {
  const open: DatabaseHandle[] = [];
  afterEach(async () => {
    while (open.length) await open.pop()!.close();
  });

  it('production + empty DB + SEED=demo: no demo data, catalogues and admin with ADMIN_PASSWORD who can work', async () => {
    const h = await emptyDatabase();
    open.push(h);
    const cfg = config({ ENVIRONMENT: 'production', SEED: 'demo', ADMIN_PASSWORD });
    const log = vi.fn();
    const lines = await seedOnStart(h.db, cfg, log);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('demo data and demo accounts are never seeded'));
    expect(lines.join('\n')).not.toContain(ADMIN_PASSWORD);
    expect(lines.join('\n')).not.toContain(DEMO_PASSWORD);

    const all = await h.db.select({ username: users.username, baseId: users.baseId }).from(users);
    expect(all).toEqual([{ username: ADMIN_USERNAME, baseId: 2 }]);
    const [{ n: eventCount }] = await h.db.select({ n: count() }).from(events);
    expect(Number(eventCount)).toBe(0);
    const [{ n: baseCount }] = await h.db.select({ n: count() }).from(bases);
    expect(Number(baseCount)).toBeGreaterThan(1);
    const [{ n: categoryCount }] = await h.db.select({ n: count() }).from(eventCategories);
    expect(Number(categoryCount)).toBeGreaterThan(0);
    const adminRoles = await h.db
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId));
    expect(adminRoles).toEqual([{ name: 'admin' }]);

    const app = await buildApp({ config: cfg, db: h.db });
    try {
      await expect(login(app, 'admin', { password: DEMO_PASSWORD, confirmDevice: false })).rejects.toThrow(/401/);
      const session = await login(app, 'admin', { password: ADMIN_PASSWORD });
      expect(session.user.roles).toEqual(['admin']);
      const bundle = await pullFullBundle(app, session.headers);
      expect(bundle.statusCode).toBe(200);
      expect(bundle.json().events).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('production + empty DB without ADMIN_PASSWORD: a random password shown once, only its hash stored', async () => {
    const h = await emptyDatabase();
    open.push(h);
    const cfg = config({ ENVIRONMENT: 'production', SEED: 'none' });
    const lines = await seedOnStart(h.db, cfg, () => undefined);
    const shown = lines.map((l) => /^Jednorázové heslo správce admin: (\S+)$/.exec(l)?.[1]).find(Boolean);
    expect(shown).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const [admin] = await h.db.select().from(users);
    expect(admin.passwordHash).toMatch(/^\$argon2id\$/);
    expect(admin.passwordHash).not.toContain(shown!);

    const app = await buildApp({ config: cfg, db: h.db });
    try {
      expect((await login(app, 'admin', { password: shown })).user.username).toBe('admin');
    } finally {
      await app.close();
    }
    // a second start finds the user: nothing new, nothing printed
    expect(await seedOnStart(h.db, cfg, () => undefined)).toEqual([]);
  });

  it('production + existing users: nothing is created, the users stay as they were', async () => {
    const h = await emptyDatabase();
    open.push(h);
    const demoLines = await seedOnStart(h.db, config({ ENVIRONMENT: 'test', SEED: 'demo' }));
    expect(demoLines[0]).toBe('Do prázdné databáze byla nahrána demo data.');
    const before = await h.db.select({ id: users.id, username: users.username, hash: users.passwordHash }).from(users);

    const lines = await seedOnStart(
      h.db,
      config({ ENVIRONMENT: 'Production', SEED: 'demo', ADMIN_PASSWORD }),
      () => undefined,
    );
    expect(lines).toEqual([]);
    const after = await h.db.select({ id: users.id, username: users.username, hash: users.passwordHash }).from(users);
    expect(after).toEqual(before);
  });

  it('SEED=none outside production leaves the database empty', async () => {
    const h = await emptyDatabase();
    open.push(h);
    expect(await seedOnStart(h.db, config({ ENVIRONMENT: 'test', SEED: 'none' }))).toEqual([]);
    const [{ n }] = await h.db.select({ n: count() }).from(users);
    expect(Number(n)).toBe(0);
  });

  it('ADMIN_PASSWORD shorter than the password rule stops the start with a message', () => {
    expect(() => config({ ADMIN_PASSWORD: 'kratke' })).toThrow(ConfigError);
    expect(() => config({ ADMIN_PASSWORD: 'kratke' })).toThrow(/ADMIN_PASSWORD musí mít alespoň 8 znaků/);
  });
});
