/**
 * The first start of an embedded database in a child process (issue 13, memory): the child creates the cluster,
 * migrates and seeds it and exits; the data stay for the server that opens the directory next, the lines shown
 * only at creation (a generated administrator password) reach the parent, and a child that fails rejects with
 * its reason instead of leaving the server waiting.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../modules/auth/passwords.js';
import { embeddedNeedsInit, openDatabase } from '../db/client.js';
import { prepareInChild } from './firstStart.js';
import { users } from '../db/schema/index.js';
import { ADMIN_USERNAME } from './startSeed.js';

const temps: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'panel-first-start-'));
  temps.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...process.env, WEB_DIST: '/nonexistent-web-dist', ...env };
  delete out.DATABASE_URL;
  delete out.REDIS_URL;
  delete out.ADMIN_PASSWORD;
  delete out.NODE_OPTIONS;
  return out;
}

describe('embedded first start in a child process', () => {
  it('creates, migrates and seeds the directory; the data and the one-time password reach the server', async () => {
    const dataDir = tempDir();
    expect(embeddedNeedsInit(dataDir)).toBe(true);

    const result = await prepareInChild(childEnv({ DATA_DIR: dataDir, ENVIRONMENT: 'production' }));
    const passwordLine = result.lines.find((l) => l.startsWith('Jednorázové heslo správce admin: '));
    expect(passwordLine).toBeDefined();
    expect(result.maxRssMb).toBeGreaterThan(0);
    expect(embeddedNeedsInit(dataDir)).toBe(false); // the next open is a restart: no initdb in the server

    const handle = await openDatabase({ dataDir });
    try {
      const [admin] = await handle.db.select().from(users).where(eq(users.username, ADMIN_USERNAME));
      expect(admin).toBeDefined();
      const password = passwordLine!.slice('Jednorázové heslo správce admin: '.length);
      expect(await verifyPassword(admin.passwordHash, password)).toBe(true);
    } finally {
      await handle.close();
    }
  }, 180_000);

  it('a child that cannot prepare the database rejects with its reason', async () => {
    const notADirectory = path.join(tempDir(), 'file');
    writeFileSync(notADirectory, 'not a data directory');
    // the DATA_DIR lock (db/dataDirLock.ts) meets the file first (EEXIST), PGlite would (ENOTDIR): the path is named
    await expect(prepareInChild(childEnv({ DATA_DIR: notADirectory }))).rejects.toThrow(
      /první příprava databáze selhala: .*(ENOTDIR|EEXIST).*\/file/,
    );
  }, 60_000);

  it('an in-memory database is never prepared in advance', () => {
    expect(embeddedNeedsInit(':memory:')).toBe(false);
  });
});
