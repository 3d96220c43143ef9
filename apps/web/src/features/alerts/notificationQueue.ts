/**
 * THE notification queue of the panel (001 §3 Notification, §4 "Notification queue", 000 §9 state 0/1).
 *
 * Store API (stable; the developer panel's Notifications tab reads it and pushes test items):
 * - `useNotificationStore` state:
 *   - `items: Notification[]` — the queue in push order: waiting (state 0) and shown (state 1) items. Dialog
 *     items stay until confirmed or removed (the bell counts them); finished toast items stay as a record
 *     (the oldest finished ones are dropped beyond 100 items).
 *   - `current: string | null` — key of the item whose sound or speech is playing.
 *   - `stopped: boolean` — no sound at all: waiting sound items are marked shown without playing, the
 *     playing one is cut off. `paused: boolean` — the queue holds: nothing new starts until unpaused.
 *   - `library: SoundLibrary | null` — the sound library (GET /v2/assets/sounds).
 *   - `dialogOpen: boolean` — the alert dialog 'Máte {n} upozornění' is open.
 * - actions: `push(input) → key` (see `NotificationInput`: only `type` and `title` are needed), `confirm(key)`
 *   (acknowledged: loops stop, the item leaves the queue), `remove(key)`, `clear()`, `setStopped(bool)`,
 *   `setPaused(bool)`, `setLibrary(lib)`, `setDialogOpen(bool)`.
 * - Processing (only while `startNotificationQueue()` runs; `useRuntime` starts it through `startAlerts`):
 *   items with a sound (`url`) or speech (`tts`) play one at a time, priority 2 before 1, then the oldest;
 *   other items finish at once (state 1) — method 'toast' ones show as the panel's toasts (success, error
 *   without timeout, warning, info). A dialog item with `loops > 0` plays again `loops` ms after its last
 *   playback until it is confirmed. Items whose `eventUuid` is muted (muteStore) make no sound. A failed
 *   playback is only logged (001 §8).
 * - `merge: 1`: a pushed item replaces the waiting (state 0) item of the same `code`.
 */
import { create } from 'zustand';
import type { Event, Message } from '@panel/domain/sync';
import { NOTIFICATION_STATE } from '@panel/domain/constants';
import { fetchAudioBlob, ttsUrl, type SoundLibrary } from '../../api/sounds';
import { useMuteStore } from '../../stores/muteStore';
import { useToastStore } from '../../ui/toasts';

export type NotificationType = 'message' | 'event' | 'success' | 'error' | 'warning' | 'info';
export type ToastKind = 'success' | 'error' | 'warning' | 'info';
export type NotificationMethod = 'dialog' | 'toast';

export interface Notification {
  key: string;
  type: NotificationType;
  method: NotificationMethod;
  /** what the item is about: the event uuid or `message:{id}` */
  entityKey: string | null;
  /** a snapshot of the event or message (cards read the live one when it still exists) */
  entity?: Event | Message | null;
  /** e.g. `MESSAGE_INSERT_{id}`, `EVENT_NEW` */
  code: string;
  icon: string | null;
  title: string;
  content: string;
  /** sound file URL */
  url: string | null;
  /** text to speak (GET /tts/api?t=) when there is no sound file */
  tts: string | null;
  /** the toast kind of a toast item */
  message: ToastKind | null;
  priority: 1 | 2;
  /** 0 waiting, 1 shown */
  state: 0 | 1;
  merge: 0 | 1;
  /** ms epoch */
  createdAt: number;
  /** ms epoch of the last show/playback */
  processedAt: number | null;
  /** ours: repeat period of the sound in ms while unconfirmed; 0 = once */
  loops: number;
  /** ours: the event whose mute silences this item */
  eventUuid: string | null;
  /** ours: the sound dialog (a modal until confirmed) */
  modal: boolean;
  /** ours: how many times the sound has played */
  played: number;
}

export type NotificationInput = Partial<Notification> & Pick<Notification, 'type' | 'title'>;

export interface NotificationState {
  items: Notification[];
  current: string | null;
  stopped: boolean;
  paused: boolean;
  library: SoundLibrary | null;
  dialogOpen: boolean;
  push: (input: NotificationInput) => string;
  confirm: (key: string) => void;
  remove: (key: string) => void;
  clear: () => void;
  setStopped: (stopped: boolean) => void;
  setPaused: (paused: boolean) => void;
  setLibrary: (library: SoundLibrary | null) => void;
  setDialogOpen: (open: boolean) => void;
}

const TOAST_KINDS: readonly string[] = ['success', 'error', 'warning', 'info'];
/** setTimeout's largest delay: an error toast "without timeout" (001 §4) */
const NO_TIMEOUT = 2_147_483_647;
const KEEP_ITEMS = 100;
/** a playback that never ends (a stuck element) frees the queue after this */
const MAX_PLAYBACK = 60_000;

let counter = 0;

export const hasSound = (item: Pick<Notification, 'url' | 'tts'>): boolean => Boolean(item.url || item.tts);

function normalize(input: NotificationInput, now: number): Notification {
  const toastType = TOAST_KINDS.includes(input.type);
  return {
    key: input.key ?? `n${now.toString(36)}-${++counter}`,
    type: input.type,
    method: input.method ?? (toastType ? 'toast' : 'dialog'),
    entityKey: input.entityKey ?? null,
    entity: input.entity ?? null,
    code: input.code ?? input.type.toUpperCase(),
    icon: input.icon ?? null,
    title: input.title,
    content: input.content ?? '',
    url: input.url ?? null,
    tts: input.tts ?? null,
    message: input.message ?? (toastType ? (input.type as ToastKind) : null),
    priority: input.priority === 2 ? 2 : 1,
    state: NOTIFICATION_STATE.WAITING,
    merge: input.merge === 1 ? 1 : 0,
    createdAt: input.createdAt ?? now,
    processedAt: null,
    loops: Math.max(0, input.loops ?? 0),
    eventUuid: input.eventUuid ?? null,
    modal: input.modal ?? false,
    played: 0,
  };
}

/** Finished toast items beyond KEEP_ITEMS are dropped, oldest first; dialog and waiting items stay. */
function trim(items: Notification[]): Notification[] {
  let excess = items.length - KEEP_ITEMS;
  if (excess <= 0) return items;
  return items.filter((i) => !(excess > 0 && i.method === 'toast' && i.state === 1 && excess-- > 0));
}

export const useNotificationStore = create<NotificationState>()((set, get) => ({
  items: [],
  current: null,
  stopped: false,
  paused: false,
  library: null,
  dialogOpen: false,
  push: (input) => {
    const item = normalize(input, engine.now());
    set((s) => {
      const items = item.merge
        ? s.items.filter(
            (i) => !(i.code === item.code && i.state === NOTIFICATION_STATE.WAITING && i.key !== s.current),
          )
        : s.items;
      return { items: trim([...items.filter((i) => i.key !== item.key), item]) };
    });
    engine.kick();
    return item.key;
  },
  confirm: (key) => get().remove(key),
  remove: (key) => {
    if (get().current === key) engine.cutOff();
    set((s) => ({ items: s.items.filter((i) => i.key !== key) }));
    engine.kick();
  },
  clear: () => {
    engine.cutOff();
    set({ items: [], dialogOpen: false });
  },
  setStopped: (stopped) => {
    if (stopped) engine.cutOff();
    set({ stopped });
    engine.kick();
  },
  setPaused: (paused) => {
    set({ paused });
    engine.kick();
  },
  setLibrary: (library) => set({ library }),
  setDialogOpen: (dialogOpen) => set({ dialogOpen }),
}));

// ------------------------------------------------------------------------------------------------ playback

/** Plays one item's sound or speech to its end; rejects on failure; stops when the signal aborts. */
export type NotificationPlayer = (item: Notification, signal: AbortSignal) => Promise<void>;

const objectUrls = new Map<string, Promise<string>>();

/** Library sounds are fetched once per URL; speech every time. */
function audioObjectUrl(src: string, cache: boolean, signal: AbortSignal): Promise<string> {
  const cached = cache ? objectUrls.get(src) : undefined;
  if (cached) return cached;
  const made = fetchAudioBlob(src, cache ? undefined : signal).then((blob) => URL.createObjectURL(blob));
  if (cache) {
    objectUrls.set(src, made);
    made.catch(() => objectUrls.delete(src));
  }
  return made;
}

export function playElement(objectUrl: string, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const audio = new Audio(objectUrl);
    const guard = setTimeout(() => finish(), MAX_PLAYBACK);
    const finish = (error?: unknown) => {
      clearTimeout(guard);
      signal.removeEventListener('abort', onAbort);
      audio.onended = null;
      audio.onerror = null;
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve();
    };
    const onAbort = () => {
      audio.pause();
      finish();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    audio.onended = () => finish();
    audio.onerror = () => finish(new Error('audio error'));
    audio.play().catch((error: unknown) => finish(error));
  });
}

/** The browser player: the sound file (cached) or the speech of `tts`, through an Audio element. */
export const browserPlayer: NotificationPlayer = async (item, signal) => {
  const src = item.url ?? ttsUrl(item.tts ?? '');
  const objectUrl = await audioObjectUrl(src, Boolean(item.url), signal);
  try {
    await playElement(objectUrl, signal);
  } finally {
    if (!item.url) URL.revokeObjectURL(objectUrl);
  }
};

const isMuted = (item: Notification) => Boolean(item.eventUuid && useMuteStore.getState().isMuted(item.eventUuid));

/** Items whose sound should play now, in order: priority 2 first, then the oldest. */
export function playable(items: Notification[], now: number, muted: (item: Notification) => boolean): Notification[] {
  return items
    .filter((i) => hasSound(i) && !muted(i))
    .filter((i) => i.state === 0 || (i.method === 'dialog' && i.loops > 0 && (i.processedAt ?? 0) + i.loops <= now))
    .sort((a, b) => b.priority - a.priority || a.createdAt - b.createdAt);
}

function showToast(item: Notification): void {
  const kind = item.message ?? 'info';
  const text = item.title && item.content ? `${item.title}: ${item.content}` : item.title || item.content;
  useToastStore.getState().push(kind, text, kind === 'error' ? NO_TIMEOUT : undefined);
}

const engine = {
  running: false,
  busy: false,
  player: browserPlayer as NotificationPlayer,
  now: (): number => Date.now(),
  controller: null as AbortController | null,
  timer: null as ReturnType<typeof setTimeout> | null,

  kick(): void {
    if (this.running) queueMicrotask(() => this.pump());
  },

  cutOff(): void {
    this.controller?.abort();
  },

  mark(keys: Set<string>, at: number, playedOne = false): void {
    if (!keys.size) return;
    useNotificationStore.setState((s) => ({
      items: s.items.map((i) =>
        keys.has(i.key) ? { ...i, state: 1, processedAt: at, played: i.played + (playedOne ? 1 : 0) } : i,
      ),
    }));
  },

  pump(): void {
    if (!this.running || this.busy) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const { items, stopped, paused } = useNotificationStore.getState();
    if (paused) return;
    const now = this.now();

    // without sound (or with sound off): finish at once; toasts show now
    const done = new Set<string>();
    for (const item of items) {
      if (item.state !== 0) continue;
      if (hasSound(item) && !stopped && !isMuted(item)) continue;
      if (item.method === 'toast') showToast(item);
      done.add(item.key);
    }
    this.mark(done, now);
    if (stopped) return;

    const next = playable(useNotificationStore.getState().items, now, isMuted)[0];
    if (!next) {
      this.scheduleLoop(now);
      return;
    }
    if (next.method === 'toast' && next.state === 0) showToast(next);
    this.busy = true;
    const controller = new AbortController();
    this.controller = controller;
    useNotificationStore.setState({ current: next.key });
    void this.player(next, controller.signal)
      .catch((error: unknown) => console.warn('[alerts] playback failed', next.code, error))
      .finally(() => {
        if (this.controller === controller) this.controller = null;
        this.busy = false;
        useNotificationStore.setState({ current: null });
        this.mark(new Set([next.key]), this.now(), true);
        this.pump();
      });
  },

  /** Wakes the queue when the next unconfirmed dialog item is due to sound again. */
  scheduleLoop(now: number): void {
    const due = useNotificationStore
      .getState()
      .items.filter((i) => i.method === 'dialog' && i.loops > 0 && i.state === 1 && hasSound(i) && !isMuted(i))
      .map((i) => (i.processedAt ?? now) + i.loops);
    if (!due.length) return;
    this.timer = setTimeout(() => this.pump(), Math.max(0, Math.min(...due) - now));
  },
};

export interface QueueOptions {
  player?: NotificationPlayer;
  now?: () => number;
}

/** Starts processing the queue; returns the stop function (which also empties it). */
export function startNotificationQueue(options: QueueOptions = {}): () => void {
  engine.player = options.player ?? browserPlayer;
  engine.now = options.now ?? (() => Date.now());
  engine.running = true;
  // muting an event silences its waiting and looping items at once
  const unsubscribe = useMuteStore.subscribe((s, prev) => {
    if (s.muted === prev.muted) return;
    const current = useNotificationStore
      .getState()
      .items.find((i) => i.key === useNotificationStore.getState().current);
    if (current && isMuted(current)) engine.cutOff();
    engine.kick();
  });
  engine.kick();
  return () => {
    unsubscribe();
    engine.running = false;
    engine.cutOff();
    if (engine.timer) clearTimeout(engine.timer);
    engine.timer = null;
    useNotificationStore.setState({ items: [], current: null, dialogOpen: false });
  };
}

/** Unconfirmed dialog items (the bell's badge). */
let lastItems: Notification[] | null = null;
let lastDialog: Notification[] = [];
export function selectDialogItems(s: Pick<NotificationState, 'items'>): Notification[] {
  if (s.items !== lastItems) {
    lastItems = s.items;
    lastDialog = s.items.filter((i) => i.method === 'dialog');
  }
  return lastDialog;
}
