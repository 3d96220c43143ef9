/**
 * A database outage as the panel sees it: the API answers 503 `{message}` with Retry-After. That is a network
 * loss to the panel — the session stays (no logout), polling goes on, a message typed meanwhile waits in the
 * outbox, the banner 'PORUCHA PŘIPOJENÍ!' shows once the data are stale, and everything resumes by itself:
 * the message goes out with its uuid, the banner goes away at the first good answer.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SyncAlert } from '../shell/SyncAlert';
import { useAppStore } from '../../stores/appStore';
import { useAuthStore } from '../../stores/authStore';
import { sendText, stopOutboxRunner, useOutboxStore } from '../../stores/outboxStore';
import { useSetupStore } from '../../stores/setupStore';
import { demoLogin, renderUi, resetStores } from '../../test/utils';
import { createSyncEngine, type SyncEngine } from './syncEngine';

const UNAVAILABLE = { message: 'Databáze je dočasně nedostupná. Zkuste to prosím znovu.' };

describe('a database outage (503) in the panel', () => {
  let engine: SyncEngine;
  let databaseUp = true;
  const sent: { path: string; body: { uuid?: string; uid?: string | null } }[] = [];

  beforeEach(() => {
    vi.useFakeTimers();
    resetStores();
    useOutboxStore.setState({ items: [] });
    useAuthStore.getState().login(demoLogin);
    databaseUp = true;
    sent.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const body = init.body ? JSON.parse(String(init.body)) : {};
        sent.push({ path: url, body });
        if (!databaseUp) {
          return new Response(JSON.stringify(UNAVAILABLE), { status: 503, headers: { 'retry-after': '5' } });
        }
        if (url === '/v2/app') return new Response(JSON.stringify({ resetData: body.uid === null, uid: 'e.1' }));
        if (url === '/v2/messages') return new Response(JSON.stringify({ id: 9, uuid: body.uuid }), { status: 201 });
        return new Response('{}', { status: 404 });
      }),
    );
    engine = createSyncEngine();
    // the engine and the outbox log each failed call; expected here
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    engine.stop();
    stopOutboxRunner();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  const tick = (ms: number) =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
      useAppStore.getState().set({ secondDate: Date.now() });
    });

  it('keeps the session and the typed message, shows the banner when stale, and recovers by itself', async () => {
    const period = useSetupStore.getState().autoRefreshPeriod;
    renderUi(<SyncAlert />);
    engine.start();
    await tick(0);
    expect(useAppStore.getState().loaded).toBe(true);
    const lastGood = useAppStore.getState().lastUpdate;
    const token = useAuthStore.getState().token;
    expect(token).toBeTruthy();

    databaseUp = false;
    const typed = await act(() =>
      sendText({
        uuid: 'm-1',
        userId: demoLogin.user.id,
        eventId: 1,
        eventUuid: 'ev-1',
        messageCategoryId: 2,
        content: 'Požár',
      }),
    );
    expect(typed).toBe('pending');
    await tick(6 * period); // longer than 5 refresh periods of 503s
    const polls = sent.filter((s) => s.path === '/v2/app').length;
    expect(polls).toBeGreaterThanOrEqual(6); // it keeps asking
    expect(useAuthStore.getState().token).toBe(token); // a 503 is no logout
    expect(useAppStore.getState().lastUpdate).toBe(lastGood);
    expect(useOutboxStore.getState().items.map((i) => i.uuid)).toEqual(['m-1']); // kept, not dropped
    expect(screen.getByRole('alert')).toHaveTextContent('PORUCHA PŘIPOJENÍ!');

    databaseUp = true;
    await tick(period);
    expect(useAppStore.getState().lastUpdate).toBeGreaterThan(lastGood!);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(useOutboxStore.getState().items).toEqual([]));
    const attempts = sent.filter((s) => s.path === '/v2/messages').map((s) => s.body.uuid);
    expect(new Set(attempts)).toEqual(new Set(['m-1'])); // resent with the same uuid, more than once
    expect(attempts.length).toBeGreaterThan(1);
  });
});
