/**
 * "Alerts must reach someone who can act" (issue 12 item 1), over the demo roles: every alert-bearing event
 * alerts at least one user who may accept it. The users, groups, bases, categories and events are the demo
 * seed's (seeded by the seed module into the real app); each user's view is their own bundle (POST /v2/app:
 * visibility, permissions, event roles) and the rule is the domain's `alertDecision` + `canAcceptAlert`, the
 * ones the panel runs. The server must agree: the found acceptor's 'Přijmout zprávu' (PUT state 1) is accepted,
 * an alerted user who may not accept is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertDecision, bearsAlert, canAcceptAlert, leavesMissedCallTrace } from '@panel/domain/events';
import { buildAbility, type AppAbility } from '@panel/domain/auth';
import type { AppBundle, Event, EventCategory } from '@panel/domain/sync';
import { isEventVisible } from '../sync/visibility.js';
import { createTestApp, login, type TestApp, type TestSession, pullFullBundle } from '../test/factory.js';
import { DEMO_BASES } from './bases.js';
import { EVENT_CATEGORIES } from './categories.js';
import { DEMO_EVENTS } from './events.js';
import { DEMO_USERS } from './users.js';

interface Role {
  session: TestSession;
  bundle: AppBundle;
  ability: AppAbility;
}

/** The panel's ability outside any active event (the server's too): roles, groups, permissions, role 50. */
function abilityOf(session: TestSession, bundle: AppBundle): AppAbility {
  return buildAbility({
    user: session.user,
    permissions: bundle.userPermissions,
    activeEvent: null,
    eventRoles: bundle.eventRoles.map((r) => ({ id: r.id, permissions: r.permissions ?? [] })),
  });
}

describe('alerts reach somebody who may accept them (demo roles)', () => {
  let t: TestApp;
  const roles = new Map<string, Role>();
  const categories = new Map<number, EventCategory>();

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of DEMO_USERS) {
      const session = await login(t.app, u.username);
      const res = await pullFullBundle(t.app, session.headers);
      expect(res.statusCode).toBe(200);
      const bundle = res.json() as AppBundle;
      roles.set(u.username, { session, bundle, ability: abilityOf(session, bundle) });
      for (const c of bundle.eventCategories) categories.set(c.id, c);
    }
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /**
   * Who is alerted by the event (as their panel has it) and whether they may accept it; with `trace`, whose panel
   * keeps the quiet trace of a missed central call instead (issue 24 item 5).
   */
  function reach(event: Event, trace = false): { username: string; accepts: boolean }[] {
    const out: { username: string; accepts: boolean }[] = [];
    for (const [username, r] of roles) {
      const viewer = { ...r.session.user, permissions: r.bundle.userPermissions };
      if (!isEventVisible(viewer, { baseId: event.baseId, eventToBase: event.eventToBase })) continue;
      const context = {
        loaded: true,
        category: categories.get(event.eventCategoryId),
        user: r.session.user,
        deviceId: r.session.device?.id ?? null,
      };
      if (!(trace ? leavesMissedCallTrace(event, context) : alertDecision(event, context).raise)) continue;
      out.push({ username, accepts: canAcceptAlert(r.ability, r.session.user, event) });
    }
    return out;
  }

  const seeded = (code: string): Event => {
    const event = roles.get('dispecer')!.bundle.events.find((e) => e.code === code);
    if (!event) throw new Error(`demo event ${code} missing`);
    return event;
  };

  it('every alert-bearing demo event alerts at least one user who may accept it', () => {
    // the bundle keeps active events only: a demo event missing from it is closed and bears no alert
    const inBundle = (code: string) => roles.get('dispecer')!.bundle.events.some((e) => e.code === code);
    for (const d of DEMO_EVENTS.filter((x) => !inBundle(x.code))) expect([3, 4, 5, 6, 7]).toContain(d.stateId);
    const bearing = DEMO_EVENTS.filter((d) => inBundle(d.code))
      .map((d) => seeded(d.code))
      .filter((e) =>
        bearsAlert(
          e,
          EVENT_CATEGORIES.find((c) => c.id === e.eventCategoryId),
        ),
      );
    // not vacuous: the demo shows a unit's incoming call
    expect(bearing.map((e) => e.code)).toContain('CALL-2025-55121');
    for (const event of bearing) {
      expect(
        reach(event).filter((r) => r.accepts),
        `${event.code} alerts nobody who may accept it`,
      ).not.toHaveLength(0);
    }
  });

  it('for every base and alerting category (states 0 and 1, with and without a unit), somebody may accept', () => {
    const alerting = [...categories.values()].filter((c) => Number(c.alert) === 1);
    expect(alerting.length).toBeGreaterThan(0);
    const template = seeded('PHA-2025-0412');
    let checked = 0;
    for (const category of alerting) {
      for (const base of DEMO_BASES) {
        for (const units of [[], [DEMO_BASES.find((b) => b.id !== base.id && b.id !== 2)!.id]]) {
          for (const state of [0, 1]) {
            const event: Event = {
              ...template,
              id: 900_000 + checked,
              baseId: base.id,
              eventToBase: units,
              eventCategoryId: category.id,
              eventStateId: state,
              deviceId: null,
              alert: { title: 'Zkušební upozornění', subtitle: null, description: null },
            };
            if (!bearsAlert(event, category)) continue;
            checked += 1;
            expect(
              reach(event).filter((r) => r.accepts),
              `${category.code} of ${base.code} (units ${units.join(',') || '-'}, state ${state})`,
            ).not.toHaveLength(0);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(DEMO_BASES.length);
  });

  it("the unit's incoming call alerts the unit and the central dispatch; management only as information", () => {
    const call = seeded('CALL-2025-55121');
    expect(reach(call)).toEqual(
      expect.arrayContaining([
        { username: 'jednotka', accepts: true },
        { username: 'dispecer', accepts: true },
        { username: 'mng', accepts: false },
      ]),
    );
    // other units do not see it; admin and udrp are not of the DZIN groups and not addressed
    expect(
      reach(call)
        .map((r) => r.username)
        .sort(),
    ).toEqual(['dispecer', 'jednotka', 'mng']);
  });

  it('a call received at the central base alerts nobody (it is on the central dispatcher’s phone), but while nobody has taken it the central dispatch keeps a quiet trace it may accept', () => {
    const call = seeded('CALL-2025-55120');
    expect(call).toMatchObject({ baseId: 2, eventStateId: 0 });
    expect(reach(call)).toEqual([]);
    const traced = reach(call, true);
    expect(traced).toContainEqual({ username: 'dispecer', accepts: true });
    // nobody outside who sees every event: a unit never hears of the central base's phone
    expect(traced.map((r) => r.username)).not.toContain('jednotka');
    // once taken (state 1), no trace is left anywhere
    expect(reach({ ...call, eventStateId: 1 }, true)).toEqual([]);
  });

  it('the server agrees: the view-only user is refused, the found acceptor accepts and is recorded', async () => {
    const call = seeded('CALL-2025-55121');
    const put = (username: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/v2/events/${call.id}`,
        headers: roles.get(username)!.session.headers,
        payload: { eventStateId: 1, version: call.version },
      });
    const refused = await put('mng');
    expect(refused.statusCode).toBe(403);
    const accepted = await put('jednotka');
    expect(accepted.statusCode, accepted.body).toBe(200);
    const jednotka = roles.get('jednotka')!.session;
    expect(accepted.json()).toMatchObject({
      eventStateId: 1,
      alert: {
        title: 'Příchozí volání',
        acceptedBy: { userId: jednotka.user.id, name: 'Tomáš Dvořák', deviceId: jednotka.device!.id },
      },
    });
    // too late: the second dispatcher's accept with the old version is a conflict showing who took it
    const late = await put('dispecer');
    expect(late.statusCode).toBe(409);
    expect(late.json().current.alert.acceptedBy.name).toBe('Tomáš Dvořák');
  });

  it('an event created in the panel for a unit alerts that unit when its category has alerts on (item 4)', async () => {
    const dispecer = roles.get('dispecer')!.session;
    const pha = DEMO_BASES.find((b) => b.code === 'PHA')!.id;
    const create = async (eventCategoryId: number, uuid: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/events',
        headers: dispecer.headers,
        payload: {
          uuid,
          eventCategoryId,
          eventTypeId: 1,
          subject: 'Požár náspu u Libně',
          description: 'Hoří travní porost u trati.',
          address: 'Praha-Libeň, trať 011',
          eventToBase: [pha],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Event;
    };
    const made = await create(1, '5e1f0000-0000-4000-8000-000000000001'); // MU: alerts on
    expect(made).toMatchObject({
      baseId: 2,
      eventToBase: [pha],
      deviceId: dispecer.device!.id,
      alert: {
        title: 'Požár náspu u Libně',
        subtitle: 'Praha-Libeň, trať 011',
        description: 'Hoří travní porost u trati.',
      },
    });
    const jednotka = roles.get('jednotka')!;
    const delta = await t.app.inject({
      method: 'POST',
      url: '/v2/app',
      headers: jednotka.session.headers,
      payload: { uid: jednotka.bundle.uid },
    });
    const seen = (delta.json() as AppBundle).events.find((e) => e.uuid === made.uuid);
    expect(seen, 'the unit receives the event').toBeDefined();
    const alerted = reach(seen!);
    expect(alerted).toContainEqual({ username: 'jednotka', accepts: true });
    // the creating panel's own device is not alerted
    expect(
      alertDecision(seen!, {
        loaded: true,
        category: categories.get(1),
        user: dispecer.user,
        deviceId: dispecer.device!.id,
      }),
    ).toEqual({ raise: false, reason: 'own-device' });
    // a category with alerts off: no alert at all
    const quiet = await create(5, '5e1f0000-0000-4000-8000-000000000002');
    expect(quiet.alert).toBeNull();
  });

  it('a unit the event is addressed to may accept it; a unit it is not addressed to does not even see it', async () => {
    const dispecer = roles.get('dispecer')!.session;
    const pha = DEMO_BASES.find((b) => b.code === 'PHA')!.id;
    // a KOPIS test event of the central base, waiting in state 0, then given the unit Praha
    const made = (
      await t.app.inject({ method: 'POST', url: '/v2/events/simulate/kopis', headers: dispecer.headers })
    ).json() as Event;
    expect(made).toMatchObject({ baseId: 2, eventStateId: 0 });
    const shared = await t.app.inject({
      method: 'PUT',
      url: `/v2/events/${made.id}`,
      headers: dispecer.headers,
      payload: { eventToBase: [pha], version: made.version },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const event = shared.json() as Event;
    const jednotka = roles.get('jednotka')!;
    expect(canAcceptAlert(jednotka.ability, jednotka.session.user, event)).toBe(true);
    const put = (username: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/v2/events/${event.id}`,
        headers: roles.get(username)!.session.headers,
        payload: { eventStateId: 1 },
      });
    expect((await put('brno')).statusCode).toBe(404);
    const accepted = await put('jednotka');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().alert.acceptedBy.name).toBe('Tomáš Dvořák');
    // the unit's right is the acceptance only: another state change of the central base's event stays refused
    const other = await t.app.inject({
      method: 'PUT',
      url: `/v2/events/${event.id}`,
      headers: jednotka.session.headers,
      payload: { eventStateId: 2 },
    });
    expect(other.statusCode).toBe(403);
  });
});
