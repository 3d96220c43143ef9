/**
 * The catalogues 000 §3 lists for the bundle beyond the ones §7 names (issue 24 item 19): the message-category
 * catalogue (categoryId, color, unreadClass) the chat tabs and unread counts use, message types, users and
 * groups; and resource type 1, which always uses template 1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appBundleSchema } from '@panel/domain/sync';
import type { DatabaseHandle } from '../../db/client.js';
import { presentResourceType } from './loaders/cataloguePresenter.js';
import { buildAppData } from './bundle.js';
import { authFor, openSeeded } from '../../sync/testkit.js';

describe('bundle catalogues of 000 §3', () => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = await openSeeded();
  }, 300_000);
  afterAll(() => h.close());

  it('a full bundle carries message categories, message types, users and groups, and matches its schema', async () => {
    const bundle = await buildAppData(h.db, await authFor(h.db, 'dispecer'), null);
    expect(appBundleSchema.safeParse(bundle).success).toBe(true);
    expect(bundle.messageCategories).toEqual([
      { id: 1, categoryId: 1, name: 'Operační', color: '#1565c0', unreadClass: 'unread-operational' },
      { id: 2, categoryId: 2, name: 'Dispečerský', color: '#2e7d32', unreadClass: 'unread-dispatcher' },
    ]);
    expect(bundle.messageTypes.map((t) => t.code)).toEqual(expect.arrayContaining(['X03', 'X11', 'X22', 'INST-01']));
    expect(bundle.groups.map((g) => g.name)).toEqual(expect.arrayContaining(['MNG', 'COIS']));
    const dispecer = bundle.users.find((u) => u.username === 'dispecer');
    expect(dispecer).toMatchObject({ id: expect.any(Number), firstName: expect.any(String) });
  });

  it('users travel with names and unit only: no password hash, phone or e-mail', async () => {
    const bundle = await buildAppData(h.db, await authFor(h.db, 'jednotka'), null);
    expect(bundle.users.length).toBeGreaterThan(1);
    for (const user of bundle.users) {
      expect(Object.keys(user).sort()).toEqual(['baseId', 'firstName', 'id', 'lastName', 'username']);
    }
    expect(JSON.stringify(bundle.users)).not.toMatch(/\$argon|\$2[aby]\$|scrypt/);
  });

  it('resource type 1 always uses template 1, whatever its row says; other types keep their own', () => {
    const row = {
      id: 1,
      name: 'CAS',
      code: 'CAS',
      sort: 0,
      options: { icon: { file: 'cas.svg' }, resourceTemplateId: 3 },
    };
    expect(presentResourceType(row).options).toEqual({ icon: { file: 'cas.svg' }, resourceTemplateId: 1 });
    expect(presentResourceType({ ...row, options: null }).options).toEqual({ resourceTemplateId: 1 });
    expect(presentResourceType({ ...row, id: 2 }).options?.resourceTemplateId).toBe(3);
    expect(presentResourceType({ ...row, id: 2, options: null }).options).toBeNull();
  });
});
