/**
 * Units answering KOPIS alarms in the living demo (issue 25 item 4), so the escalation of unaccepted alerts can
 * be seen beside alarms that are taken in time:
 * - a station staffed in the demo (a unit with an active operator account: Praha, Brno, Ostrava) accepts its
 *   KOPIS call after `answerDelaySeconds` — 40 to 100 s, read from the event id, so now before the second sound
 *   (T1, 60 s) and now after it — through the same event update as 'Přijmout zprávu' on a panel (state 0 → 1,
 *   who accepted it, the escalation chain stopped in that transaction);
 * - the other stations (no operator in the demo: Plzeň, Olomouc, Pardubice, České Budějovice) leave their
 *   alarms unanswered: they sound again, go to the central dispatch and send the SMS (the outbox) — unless a
 *   person on a panel accepts them first.
 */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { buildAbility } from '@panel/domain/auth';
import type { PushHub } from '../../context.js';
import type { Database } from '../../db/client.js';
import { eventCategories, events, users } from '../../db/schema/index.js';
import { presentUser } from '../../modules/auth/presenter.js';
import { listEventRolePermissions, loadProfile } from '../../modules/auth/repository.js';
import { updateEvent } from '../../modules/events/commands.js';
import type { Auth } from '../../modules/events/access.js';

/** 40–100 s after the call came in, the same for a given event */
export const answerDelaySeconds = (eventId: number): number => 40 + ((eventId * 37) % 61);

/** The first active user of a unit (its operator), as a session would present them; null: nobody staffs it. */
async function operatorOf(db: Database, baseId: number): Promise<Auth | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.baseId, baseId), eq(users.active, true)))
    .orderBy(asc(users.id))
    .limit(1);
  if (!user) return null;
  const [profile, eventRoles] = await Promise.all([loadProfile(db, user), listEventRolePermissions(db)]);
  const authUser = presentUser(profile);
  return {
    user: authUser,
    permissions: profile.permissions,
    deviceId: null,
    ability: buildAbility({
      user: { id: authUser.id, baseId: authUser.baseId, roles: authUser.roles, groups: authUser.groups },
      permissions: profile.permissions,
      activeEvent: null,
      eventRoles,
    }),
  };
}

/** Accepts the waiting KOPIS calls whose answer time has come at a staffed unit; returns how many. */
export async function answerKopisCalls(
  deps: { db: Database; hub: PushHub },
  waiting: SQL | undefined,
  now: number,
): Promise<number> {
  const rows = await deps.db
    .select({ id: events.id, baseId: events.baseId, version: events.version, insertedAt: events.insertedAt })
    .from(events)
    .innerJoin(eventCategories, eq(eventCategories.id, events.eventCategoryId))
    .where(waiting);
  let answered = 0;
  for (const row of rows) {
    if (row.baseId == null || now < row.insertedAt.getTime() + answerDelaySeconds(row.id) * 1000) continue;
    const auth = await operatorOf(deps.db, row.baseId);
    if (!auth || auth.user.baseId === null) continue; // nobody staffs this station in the demo
    await updateEvent(deps, auth, row.id, { eventStateId: 1, version: row.version });
    answered++;
  }
  return answered;
}
