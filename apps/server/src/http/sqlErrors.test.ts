/**
 * The database net of handleError: real errors of the embedded PostgreSQL (wrapped by Drizzle as the routes see
 * them) are classified as 400 / 422 / 409, and anything that is not a data error is left to the caller.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '@panel/domain/locale';
import type { DatabaseHandle } from '../db/client.js';
import * as s from '../db/schema/index.js';
import { openSeeded } from '../sync/testkit.js';
import { classifySqlError, fieldOfConstraint } from './sqlErrors.js';

describe('classifySqlError', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openSeeded({ seed: false });
  });
  afterAll(async () => {
    await handle?.close();
  });

  const failure = async (run: () => Promise<unknown>): Promise<unknown> => {
    try {
      await run();
    } catch (err) {
      return err;
    }
    throw new Error('the query did not fail');
  };

  it('data exceptions (22xxx) are 400 {message}', async () => {
    for (const query of [sql`select 2147483648::int4`, sql`select 'abc'::int`, sql`select '2026-13-01'::date`]) {
      const refusal = classifySqlError(await failure(() => handle.db.execute(query)));
      expect(refusal).toMatchObject({ status: 400, body: { message: texts.wire.badValue } });
      expect(refusal?.sqlState).toMatch(/^22/);
    }
  });

  it('a foreign key is 422 on the field named by the constraint; a duplicate is 409', async () => {
    const fk = await failure(() => handle.db.insert(s.eventToTags).values({ eventId: 999_999, tagId: 999_999 }));
    expect(classifySqlError(fk)).toEqual({
      status: 422,
      body: [{ field: 'eventToTags', message: texts.wire.unknownReference }],
      sqlState: '23503',
    });
    const dup = await failure(() => handle.db.execute(sql`insert into sync_revision (id, revision) values (1, 1)`));
    expect(classifySqlError(dup)).toMatchObject({ status: 409, sqlState: '23505' });
  });

  it('leaves other errors alone (connection, syntax, plain errors)', async () => {
    expect(classifySqlError(await failure(() => handle.db.execute(sql`select from nowhere_table`)))).toBeNull();
    expect(classifySqlError({ code: '08006' })).toBeNull();
    expect(classifySqlError(new Error('x'))).toBeNull();
    expect(classifySqlError({ code: 'ECONNREFUSED' })).toBeNull();
  });

  it('reads the field from a constraint name', () => {
    expect(fieldOfConstraint('events', 'events_parent_id_events_id_fk')).toBe('parentId');
    expect(fieldOfConstraint('event_to_base', 'event_to_base_base_id_bases_id_fk')).toBe('eventToBase');
    expect(fieldOfConstraint('event_contacts', 'event_contacts_contact_type_id_contact_types_id_fk')).toBe(
      'contactTypeId',
    );
    expect(fieldOfConstraint(undefined, undefined)).toBe('');
  });
});
