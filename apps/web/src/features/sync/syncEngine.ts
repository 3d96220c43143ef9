/**
 * The one sync engine (docs/ARCHITECTURE.md "The flow of a poll"): loads the full bundle after device confirmation (uid null), then asks
 * for deltas with the stored uid — on every auto-refresh tick (default 8 s) and at once on a push
 * `invalidate`. One request at a time; a request pending for more than 4 ticks is abandoned and restarted.
 * A delta carried in the push (`delta`, issue 13) is applied through the same path as a pulled one when the
 * panel holds its `from` uid or a later one before its `uid` (domain pushFit), also while a pull is pending (whose
 * answer is then dropped when the push took the panel past it); a panel already at its `uid` or past it ignores
 * it; otherwise the panel pulls, as after `invalidate`.
 * A larger one comes gzip-compressed (`gz`, issue 14): it is inflated first (inflate.ts), and pushed deltas are
 * taken strictly in the order they came, so a small one never overtakes a compressed one still inflating; one
 * that does not inflate is taken as a push without data (pull).
 */
import { FETCH_RESET_TICKS, STALE_PERIODS } from '@panel/domain/constants';
import { pushFit, type AppBundle, type PushedDelta } from '@panel/domain/sync';
import { fetchApp } from '../../api/app';
import { isAbortError } from '../../api/client';
import { useAppStore } from '../../stores/appStore';
import { useEntitiesStore, type BundleInput } from '../../stores/entitiesStore';
import { useSetupStore } from '../../stores/setupStore';
import { useUiStore } from '../../stores/uiStore';
import { noteBundleReceipts, resetReceipts } from '../receipts/receiptReporter';
import { inflateJson } from './inflate';

export interface SyncApi {
  fetchApp: (uid: string | null, signal: AbortSignal) => Promise<AppBundle | BundleInput>;
}

export interface SyncEngine {
  start: () => void;
  stop: () => void;
  /** ask for a delta now (push invalidate); queued when a request is already pending */
  refresh: () => void;
  /** a delta carried in the push: applied when the panel is at its `from`, else a pull (refresh) */
  applyPushed: (payload: PushedDelta) => void;
  isRunning: () => boolean;
}

/** Data are stale when the last update is older than 5 refresh periods (001 §4). */
export function isStale(now: number, lastUpdate: number | null, period: number): boolean {
  return lastUpdate !== null && now - lastUpdate > STALE_PERIODS * period;
}

/**
 * What else hears of an applied answer and of the session's end: the delivery receipts (issue 25,
 * features/receipts) report what a pulled ('poll') or pushed ('push') answer carried to this device.
 */
export interface SyncListener {
  applied: (bundle: BundleInput, via: 'poll' | 'push') => void;
  stopped: () => void;
}

export function createSyncEngine(
  syncApi: SyncApi = { fetchApp },
  listener: SyncListener = { applied: () => {}, stopped: () => {} },
): SyncEngine {
  let running = false;
  let timer: ReturnType<typeof setInterval> | null = null;
  let pending: AbortController | null = null;
  let pendingTicks = 0;
  let again = false;
  let unsubscribeSetup: (() => void) | null = null;
  /** pushed deltas being inflated or waiting behind one, in arrival order */
  let pushed: Promise<void> = Promise.resolve();
  let queuedPushes = 0;
  /** bumped by stop(): a push still inflating then belongs to a session that is over */
  let generation = 0;

  async function request(): Promise<void> {
    if (!running) return;
    if (pending) {
      again = true;
      return;
    }
    const controller = new AbortController();
    pending = controller;
    pendingTicks = 0;
    const app = useAppStore.getState();
    const entities = useEntitiesStore.getState();
    const uid = app.loaded ? entities.uid : null;
    if (!app.loaded) app.set({ loading: true });
    try {
      const bundle = (await syncApi.fetchApp(uid, controller.signal)) as BundleInput;
      if (pending !== controller || !running) return; // abandoned or stopped meanwhile
      // a push applied while this pull was on its way may have taken the panel past the pull's answer: its
      // rows are then older than the store's and must not overwrite them
      if (uid !== null && !bundle.resetData && pushFit(useEntitiesStore.getState().uid, uid, bundle.uid) === 'skip') {
        useAppStore.getState().set({ lastUpdate: Date.now(), loading: false });
        return;
      }
      apply(uid === null ? { ...bundle, resetData: true } : bundle, 'poll');
    } catch (error) {
      if (!isAbortError(error) && !controller.signal.aborted) console.error('[sync] POST /v2/app failed', error);
    } finally {
      if (pending === controller) {
        pending = null;
        if (again && running) {
          again = false;
          void request();
        }
      }
    }
  }

  /** the one way an answer enters the store, pulled or pushed */
  function apply(bundle: BundleInput, via: 'poll' | 'push'): void {
    useEntitiesStore.getState().applyBundle(bundle);
    dropVanishedActiveEvent();
    useAppStore.getState().set({ lastUpdate: Date.now(), loading: false, loaded: true });
    listener.applied(bundle, via);
  }

  function applyPushed(payload: PushedDelta): void {
    if (!running) return;
    if (!payload.gz && queuedPushes === 0) return takePushed(payload);
    const { gz } = payload;
    const session = generation;
    queuedPushes += 1;
    pushed = pushed
      .then(async () => {
        const data = gz ? await inflateJson<AppBundle>(gz) : payload.data;
        if (session === generation) takePushed({ ...payload, data, gz: undefined });
      })
      .catch((error: unknown) => console.error('[sync] pushed delta not applied', error))
      .finally(() => {
        queuedPushes -= 1;
      });
  }

  /** a pushed delta whose data are at hand (or null: pull) */
  function takePushed(payload: PushedDelta): void {
    if (!running) return;
    const loaded = useAppStore.getState().loaded;
    const uid = useEntitiesStore.getState().uid;
    // the server built `data` as the answer to a pull from `from`: it holds all a panel at `from` or later
    // misses (domain pushFit — a poll between two pushes must not make every later push a pull)
    const fit = loaded ? pushFit(uid, payload.from, payload.uid) : 'pull';
    // applied at once even while a pull is on its way (issue 24 item 1: on a loaded machine a pull takes
    // seconds, and waiting for it and then pulling again kept an accepted alert on other panels that long);
    // the pull's answer is then taken only when it goes further than the push (request())
    if (fit === 'apply' && payload.data) return apply(payload.data, 'push');
    if (fit === 'skip') return; // a pull got there first
    void request();
  }

  function tick(): void {
    if (pending) {
      pendingTicks += 1;
      if (pendingTicks > FETCH_RESET_TICKS) {
        // forced reset: the answer never came, start over
        pending.abort();
        pending = null;
        void request();
      }
      return;
    }
    void request();
  }

  function schedule(): void {
    if (timer) clearInterval(timer);
    timer = null;
    const { autoRefresh, autoRefreshPeriod } = useSetupStore.getState();
    if (running && autoRefresh) timer = setInterval(tick, autoRefreshPeriod);
  }

  return {
    start() {
      if (running) return;
      running = true;
      again = false;
      void request();
      schedule();
      unsubscribeSetup = useSetupStore.subscribe((s, prev) => {
        if (s.autoRefresh !== prev.autoRefresh || s.autoRefreshPeriod !== prev.autoRefreshPeriod) schedule();
      });
    },
    stop() {
      running = false;
      generation += 1;
      if (timer) clearInterval(timer);
      timer = null;
      pending?.abort();
      pending = null;
      again = false;
      unsubscribeSetup?.();
      unsubscribeSetup = null;
      listener.stopped();
    },
    refresh() {
      void request();
    },
    applyPushed,
    isRunning: () => running,
  };
}

/** An active saved event that disappeared (closed, removed, no longer visible) is deselected (000 §4). */
function dropVanishedActiveEvent(): void {
  const ui = useUiStore.getState();
  const uuid = ui.activeEventUuid;
  if (!uuid || ui.localEvents[uuid]) return;
  const events = Object.values(useEntitiesStore.getState().events);
  if (!events.some((e) => e.uuid === uuid)) ui.setActiveEvent(null);
}

/** The panel's one engine (started by SessionRuntime; writes ask it to refresh). */
export const syncEngine = createSyncEngine(
  { fetchApp },
  { applied: (bundle, via) => noteBundleReceipts(bundle, via), stopped: resetReceipts },
);
