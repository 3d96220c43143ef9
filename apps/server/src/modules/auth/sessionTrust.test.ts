/**
 * What a node may answer from memory when revocations and revisions from other nodes may not reach it (Redis
 * down): another node's logout or commit is simulated by changing the database directly, as that node would.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, syncRevision } from '../../db/schema/index.js';
import { freshState, loadRevision, markRevisionStale, trustAnnouncementsWhile } from '../../sync/revision.js';
import { createTestApp, login, type TestApp } from '../../test/factory.js';
import { SessionStore } from './sessions.js';

describe('memory that other nodes may have outdated', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    trustAnnouncementsWhile(t.db, null);
    await t?.close();
  });

  async function session() {
    const s = await login(t.app, 'jednotka');
    return { credentials: { token: s.token, instance: s.instance, appCode: 'panel' } };
  }

  /** another node's logout: the row goes, no announcement reaches this node */
  const logoutElsewhere = (instance: string) => t.db.delete(sessions).where(eq(sessions.instance, instance));

  it('trusts its session cache while revocations travel, and not a moment longer', async () => {
    let channelUp = true;
    const store = new SessionStore(t.db);
    store.trustCacheWhile(() => channelUp);
    const { credentials } = await session();
    const auth = await store.verify(credentials);
    expect(auth).not.toBeNull();

    // revocation channel up: the cached answer stands without the database (the fast path)
    expect(await store.verify(credentials)).toBe(auth);

    channelUp = false;
    expect(await store.verify(credentials)).toBe(auth); // still there: proven against its row, same answer
    await logoutElsewhere(credentials.instance);
    expect(await store.verify(credentials)).toBeNull();
  });

  it('without a revocation channel (single node) the cache is the truth', async () => {
    const store = new SessionStore(t.db);
    const { credentials } = await session();
    expect(await store.verify(credentials)).not.toBeNull();
    await logoutElsewhere(credentials.instance);
    // no other node could have ended it without this node's own revocation: cached answer
    expect(await store.verify(credentials)).not.toBeNull();
    store.trustCacheWhile(() => false);
    expect(await store.verify(credentials)).toBeNull();
  });

  it('a cleared cache (Redis back) reads the database again', async () => {
    const store = new SessionStore(t.db);
    store.trustCacheWhile(() => true);
    const { credentials } = await session();
    expect(await store.verify(credentials)).not.toBeNull();
    await logoutElsewhere(credentials.instance);
    store.clearCache();
    expect(await store.verify(credentials)).toBeNull();
  });

  const commitElsewhere = () =>
    t.db
      .update(syncRevision)
      .set({ revision: sql`${syncRevision.revision} + 1` })
      .where(eq(syncRevision.id, 1));

  it('reads the revision from the database while announcements cannot arrive, and once after their return', async () => {
    let live = true;
    trustAnnouncementsWhile(t.db, () => live);
    const known = (await loadRevision(t.db)).revision;

    live = false;
    await commitElsewhere(); // not announced: Redis is down
    expect((await freshState(t.db)).revision).toBe(known + 1);
    await commitElsewhere();
    expect((await freshState(t.db)).revision).toBe(known + 2);

    live = true;
    await commitElsewhere(); // made just before this node resubscribed: never announced to it
    markRevisionStale(t.db);
    expect((await freshState(t.db)).revision).toBe(known + 3);
  });
});
