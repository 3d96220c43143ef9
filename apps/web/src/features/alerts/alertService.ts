/**
 * The alerts service, started by `useRuntime` once the data are loaded: runs the notification queue, loads the
 * sound library, raises event alerts (alertRules.alertDecision) and message alerts for what arrives in the
 * bundle, and accepts them. Raised events and messages are remembered in localStorage so a reload does not
 * raise them again — except events still in state 0 (nobody has accepted them yet), which alert again.
 *
 * Reading of "data loaded" (000 §4): the events of the first bundle after start are the baseline; of those only
 * the ones still waiting in state 0 raise their alert. Every event arriving later is judged by alertDecision.
 */
import { create } from 'zustand';
import { ACTIVE_STATE, ALERT_HIGHLIGHT_DELAY, ALERT_REPEAT, ALERT_STATE } from '@panel/domain/constants';
import { texts } from '@panel/domain/locale';
import { acceptanceOf } from '@panel/domain/events';
import type { Event, Message } from '@panel/domain/sync';
import { conflictOf } from '../../api/events';
import { updateEvent } from '../events/eventWrites';
import { fetchSoundLibrary, soundOfKind, soundUrl } from '../../api/sounds';
import { useAuthStore } from '../../stores/authStore';
import { findEventByUuid, useEntitiesStore } from '../../stores/entitiesStore';
import { useMessagesStore } from '../../stores/messagesStore';
import { useUiStore } from '../../stores/uiStore';
import { toast } from '../../ui/toasts';
import { errorText } from '../events/actions/errors';
import { confirm as confirmMessage, markRead } from '../messages/messageActions';
import { canConfirmMessage, mediaKind } from '../messages/rules';
import { mayAcceptEvent } from './acceptRight';
import { alertDecision, isSoundDialogMessage, leavesMissedCallTrace, messageAlertDecision } from './alertRules';
import {
  startNotificationQueue,
  useNotificationStore,
  type Notification,
  type QueueOptions,
} from './notificationQueue';
import { requestAlertDialog, startDialogGate } from './dialogGate';
import { ALERT_TEXTS } from './texts';

const RAISED_EVENTS_KEY = 'panel.alertedEvents';
const RAISED_MESSAGES_KEY = 'panel.alertedMessages';
/** Event alerts this user dismissed ('Smazat všechna upozornění', 'Beru na vědomí'), per user id. */
const DISMISSED_KEY = 'panel.dismissedAlerts';
const KEEP = 300;

export const eventAlertKey = (uuid: string) => `event:${uuid}`;
export const messageAlertKey = (id: number) => `message:${id}`;

/** True while the watchers run: the alerts of the first bundle have been raised (journeys wait for it). */
export const useAlertsReady = create<{ ready: boolean }>()(() => ({ ready: false }));

/** The event highlighted after an accepted alert (ALERT_HIGHLIGHT_DELAY); the list and map may read it. */
export const useAlertHighlight = create<{ uuid: string | null; at: number }>()(() => ({ uuid: null, at: 0 }));

function loadList(key: string): string[] {
  try {
    const raw = JSON.parse(localStorage.getItem(key) ?? '[]') as unknown;
    return Array.isArray(raw) ? raw.map(String) : [];
  } catch {
    return [];
  }
}

function remember(key: string, list: string[], value: string): void {
  list.push(value);
  try {
    localStorage.setItem(key, JSON.stringify(list.slice(-KEEP)));
  } catch {
    // storage refused: an alert may come again after a reload, nothing worse
  }
}

const dismissedKey = () => `${DISMISSED_KEY}.${useAuthStore.getState().user?.id ?? 0}`;

/**
 * The user put these event alerts away: a reload does not raise them again even while their event still waits
 * in state 0 (issue 12 item 2: management's information alert does not come back at every reload; a dispatcher
 * who deleted all alerts is not shown them again). Other users' panels are not affected; a *new* alert of the
 * same event (the event view's 'Upozornění') still shows.
 */
function rememberDismissed(items: Notification[]): void {
  const uuids = items.filter((i) => i.type === 'event' && i.entityKey).map((i) => i.entityKey!);
  if (!uuids.length) return;
  const list = loadList(dismissedKey());
  for (const uuid of uuids) if (!list.includes(uuid)) remember(dismissedKey(), list, uuid);
}

/** 'Smazat všechna upozornění': every alert goes, its events' alerts stay away after a reload. */
export function dismissAllAlerts(): void {
  const queue = useNotificationStore.getState();
  rememberDismissed(queue.items);
  queue.clear();
}

/** 'Beru na vědomí' on an alert the user may not accept: it goes, and stays away after a reload. */
export function dismissAlert(key: string): void {
  const queue = useNotificationStore.getState();
  rememberDismissed(queue.items.filter((i) => i.key === key));
  queue.confirm(key);
}

// -------------------------------------------------------------------------------------------- raising

/** Pushes the alert of an event (also for the event view's 'Upozornění' button). */
export function raiseEventAlert(event: Event): string | null {
  if (!event.alert?.title) return null;
  const queue = useNotificationStore.getState();
  const category = useEntitiesStore.getState().eventCategories[event.eventCategoryId];
  const url = soundUrl(queue.library, category?.soundAssetId);
  const key = queue.push({
    key: eventAlertKey(event.uuid),
    type: 'event',
    method: 'dialog',
    entityKey: event.uuid,
    entity: event,
    code: 'EVENT_NEW',
    icon: category?.icon ?? null,
    title: event.alert.title,
    content: event.alert.description ?? '',
    url,
    // the category has no sound: the alert title is spoken
    tts: url ? null : event.alert.title,
    priority: 2,
    merge: 0,
    // repeats until accepted only for a user who can accept it: information (group MNG) sounds once
    loops: Number(event.eventStateId) === ALERT_STATE && mayAcceptEvent(event) ? ALERT_REPEAT : 0,
    eventUuid: event.uuid,
  });
  // opens now, or when a recording in progress or the user's typing lets it (dialogGate)
  requestAlertDialog();
  return key;
}

/** The code of a missed central call's trace (issue 24 item 5); its card says so. */
export const MISSED_CALL_CODE = 'EVENT_MISSED_CALL';

/**
 * The quiet trace of a call of the central base nobody has accepted yet (domain `leavesMissedCallTrace`): on the
 * bell and in the dialog like an alert, so a phone that rang out is still seen, but without a sound and without
 * opening the dialog — the spec raises no alert for it (000 §4 "not a call for base 2").
 */
export function raiseMissedCallTrace(event: Event): string {
  const category = useEntitiesStore.getState().eventCategories[event.eventCategoryId];
  return useNotificationStore.getState().push({
    key: eventAlertKey(event.uuid),
    type: 'event',
    method: 'dialog',
    entityKey: event.uuid,
    entity: event,
    code: MISSED_CALL_CODE,
    icon: category?.icon ?? null,
    title: event.alert?.title ?? '',
    content: event.alert?.description ?? '',
    url: null,
    tts: null,
    priority: 1,
    merge: 0,
    loops: 0,
    eventUuid: event.uuid,
  });
}

export function raiseMessageAlert(message: Message): string {
  const queue = useNotificationStore.getState();
  const event = useEntitiesStore.getState().events[message.eventId];
  const soundDialog = isSoundDialogMessage(message, event);
  // a recording plays by itself (messages/audioAutoplay): its alert comes without a tone on top of it
  const playsItself = !soundDialog && (message.media ?? []).some((name) => mediaKind(name) === 'audio');
  return queue.push({
    key: messageAlertKey(message.id),
    type: 'message',
    method: 'dialog',
    entityKey: messageAlertKey(message.id),
    entity: message,
    code: `MESSAGE_INSERT_${message.id}`,
    icon: null,
    title: message.senderName ?? message.deviceCode ?? '',
    content: message.content ?? '',
    url: playsItself ? null : soundOfKind(queue.library, 'message'),
    tts: null,
    priority: soundDialog ? 2 : 1,
    merge: 1,
    loops: soundDialog ? ALERT_REPEAT : 0,
    eventUuid: message.eventUuid ?? event?.uuid ?? null,
    modal: soundDialog,
  });
}

// -------------------------------------------------------------------------------------------- accepting

/** Alerts being accepted on this panel: their event leaving state 0 is our own doing, not somebody else's. */
const acceptingHere = new Set<string>();

/** 'Událost byla přiřazena.' (000 §8) naming who took the event, and which one. */
export function takenText(event: Pick<Event, 'alert' | 'header'>): string {
  const by = acceptanceOf(event)?.name;
  const what = event.alert?.title ?? event.header?.title?.value ?? '';
  return [texts.events.assigned, by ? ALERT_TEXTS.takenBy(by) : null, what ? `(${what})` : null]
    .filter(Boolean)
    .join(' ');
}

/** The acceptance the server recorded is somebody else's (another user, or this user on another device). */
function takenElsewhere(event: Event): boolean {
  const by = acceptanceOf(event);
  if (!by) return false;
  const auth = useAuthStore.getState();
  return by.userId !== auth.user?.id || (by.deviceId ?? null) !== (auth.device?.id ?? null);
}

/** Somebody else took the event first: the alert goes, the panel says who; nothing is saved or activated. */
function alreadyTaken(key: string, event: Event): true {
  useEntitiesStore.getState().upsertEvent(event);
  useNotificationStore.getState().confirm(key);
  toast.info(takenText(event));
  return true;
}

/**
 * 'Přijmout zprávu': an event in state 0 is saved with eventStateId 1 (with its version; on a 409 the
 * server's event decides: still 0 → saved again with its version, else somebody else took it), made active when
 * no event is active, highlighted after 200 ms; the alert is confirmed with 'Událost byla přiřazena.'. An alert
 * already taken elsewhere closes with 'Událost byla přiřazena.' naming who took it, and changes nothing.
 * False when the save failed.
 */
export async function acceptEventAlert(key: string, eventUuid: string): Promise<boolean> {
  const stored = findEventByUuid(useEntitiesStore.getState(), eventUuid);
  const item = useNotificationStore.getState().items.find((i) => i.key === key);
  const event = stored ?? (item?.entity as Event | undefined) ?? null;
  if (event && Number(event.eventStateId) !== ALERT_STATE && takenElsewhere(event)) return alreadyTaken(key, event);
  acceptingHere.add(key);
  try {
    if (event?.id != null && Number(event.eventStateId) === ALERT_STATE) {
      let answer: Event;
      try {
        answer = await updateEvent(event.id, { eventStateId: ACTIVE_STATE }, event.version);
      } catch (error) {
        const theirs = conflictOf(error);
        try {
          if (!theirs) throw error;
          if (Number(theirs.eventStateId) !== ALERT_STATE) return alreadyTaken(key, theirs);
          answer = await updateEvent(event.id, { eventStateId: ACTIVE_STATE }, theirs.version);
        } catch (failure) {
          console.error('[alerts] accept failed', eventUuid, failure);
          toast.error(texts.events.saveFailed(errorText(failure)));
          return false;
        }
      }
      // a save that changed nothing (no version known, accepted meanwhile) answers the other acceptance
      if (takenElsewhere(answer)) return alreadyTaken(key, answer);
      toast.success(texts.events.assigned);
    }
    const ui = useUiStore.getState();
    if (!ui.activeEventUuid) ui.setActiveEvent(eventUuid);
    setTimeout(() => useAlertHighlight.setState({ uuid: eventUuid, at: Date.now() }), ALERT_HIGHLIGHT_DELAY);
    useNotificationStore.getState().confirm(key);
    return true;
  } finally {
    acceptingHere.delete(key);
  }
}

/** 'Potvrdit přijetí': marks the message read and confirms it when the confirmation rule allows. */
export async function acceptMessageAlert(key: string, message: Message): Promise<void> {
  useNotificationStore.getState().confirm(key);
  const userId = useAuthStore.getState().user?.id ?? null;
  await markRead(message);
  if (canConfirmMessage(message, userId)) await confirmMessage(message);
}

// -------------------------------------------------------------------------------------------- watching

function effectiveRead(message: Message): boolean {
  const local = useMessagesStore.getState().read[message.id];
  return Number(local ?? message.read) === 1;
}

function startWatchers(now: () => number): () => void {
  const raisedEvents = loadList(RAISED_EVENTS_KEY);
  const raisedEventSet = new Set(raisedEvents);
  const raisedMessages = loadList(RAISED_MESSAGES_KEY);
  const raisedMessageSet = new Set(raisedMessages);
  const dismissed = new Set(loadList(dismissedKey()));
  const seenEvents = new Set<string>();
  const seenMessages = new Set<number>();
  /** the escalation step each event had when last judged (issue 25 item 3: a grown step sounds again) */
  const escalationSteps = new Map<string, number>();

  function checkEvents(events: Record<number, Event>, baseline: boolean) {
    const entities = useEntitiesStore.getState();
    const auth = useAuthStore.getState();
    const queue = useNotificationStore.getState();
    for (const event of Object.values(events)) {
      const step = event.alert?.escalation?.step ?? 0;
      const stepBefore = escalationSteps.get(event.uuid);
      escalationSteps.set(event.uuid, step);
      if (seenEvents.has(event.uuid)) {
        if (stepBefore !== undefined && step > stepBefore) reRaiseEscalated(event, raisedEventSet.has(event.uuid));
        continue;
      }
      seenEvents.add(event.uuid);
      const waiting = Number(event.eventStateId) === ALERT_STATE;
      if (baseline && (!waiting || dismissed.has(event.uuid))) continue;
      if (!baseline && raisedEventSet.has(event.uuid)) continue;
      const context = {
        loaded: true,
        category: entities.eventCategories[event.eventCategoryId],
        user: auth.user,
        deviceId: auth.device?.id ?? null,
      };
      const decision = alertDecision(event, context);
      const trace = !decision.raise && leavesMissedCallTrace(event, context);
      if (!decision.raise && !trace) {
        console.info('[alerts] skipped', event.code ?? event.uuid, decision.reason);
        continue;
      }
      if (!raisedEventSet.has(event.uuid)) {
        raisedEventSet.add(event.uuid);
        remember(RAISED_EVENTS_KEY, raisedEvents, event.uuid);
      }
      if (trace) raiseMissedCallTrace(event);
      else raiseEventAlert(event);
    }
    // alerts waiting in state 0 that somebody else accepted close with who took the event (issue 12 item 3);
    // other alerts of events accepted elsewhere stop sounding; alerts of events gone (closed, removed) go
    for (const item of queue.items) {
      if (item.type !== 'event' || !item.entityKey) continue;
      const event = findEventByUuid(entities, item.entityKey);
      const waited = Number((item.entity as Event | null)?.eventStateId) === ALERT_STATE;
      if (!event) {
        if (item.entity && (item.entity as Event).id != null) queue.remove(item.key);
      } else if (waited && Number(event.eventStateId) !== ALERT_STATE && !acceptingHere.has(item.key)) {
        queue.remove(item.key);
        // a missed call's trace goes quietly when the call was taken on the phone (nobody accepted it here)
        if (item.code !== MISSED_CALL_CODE || acceptanceOf(event)) toast.info(takenText(event));
      } else if (item.loops > 0 && Number(event.eventStateId) !== ALERT_STATE) {
        useNotificationStore.setState((s) => ({
          items: s.items.map((i) => (i.key === item.key ? { ...i, loops: 0 } : i)),
        }));
      }
    }
  }

  /**
   * The server took an escalation step of a waiting alert (issue 25 item 3): it sounds again on every panel
   * that may accept it — also after 'Smazat všechna upozornění' —, and reaches for the first time the central
   * dispatch the step-2 rule now lets in (domain alertDecision). Information-only panels (MNG) stay quiet.
   */
  function reRaiseEscalated(event: Event, raisedBefore: boolean) {
    if (Number(event.eventStateId) !== ALERT_STATE || acceptanceOf(event)) return;
    const auth = useAuthStore.getState();
    const decision = alertDecision(event, {
      loaded: true,
      category: useEntitiesStore.getState().eventCategories[event.eventCategoryId],
      user: auth.user,
      deviceId: auth.device?.id ?? null,
    });
    if (!decision.raise || (raisedBefore && !mayAcceptEvent(event))) return;
    if (!raisedBefore) {
      raisedEventSet.add(event.uuid);
      remember(RAISED_EVENTS_KEY, raisedEvents, event.uuid);
    }
    console.info('[alerts] escalation', event.code ?? event.uuid, event.alert?.escalation?.step);
    raiseEventAlert(event);
  }

  function checkMessages() {
    const messages = useEntitiesStore.getState().messages;
    const userId = useAuthStore.getState().user?.id ?? null;
    const at = now();
    for (const message of Object.values(messages)) {
      if (seenMessages.has(message.id)) continue;
      seenMessages.add(message.id);
      const id = String(message.id);
      if (raisedMessageSet.has(id)) continue;
      const decision = messageAlertDecision(message, { userId, now: at, read: effectiveRead(message) });
      if (!decision.raise) continue;
      raisedMessageSet.add(id);
      remember(RAISED_MESSAGES_KEY, raisedMessages, id);
      raiseMessageAlert(message);
    }
    // a message read elsewhere (its chat opened) needs no alert any more
    const queue = useNotificationStore.getState();
    for (const item of queue.items) {
      if (item.type !== 'message' || !item.entity) continue;
      const message = messages[(item.entity as Message).id] ?? (item.entity as Message);
      if (effectiveRead(message)) queue.confirm(item.key);
    }
  }

  checkEvents(useEntitiesStore.getState().events, true);
  checkMessages();
  const offEntities = useEntitiesStore.subscribe((s, prev) => {
    if (s.events !== prev.events) checkEvents(s.events, false);
    if (s.messages !== prev.messages) checkMessages();
  });
  const offRead = useMessagesStore.subscribe((s, prev) => {
    if (s.read !== prev.read) checkMessages();
  });
  return () => {
    offEntities();
    offRead();
  };
}

export interface AlertsOptions extends QueueOptions {
  /** the library loader (tests) */
  loadLibrary?: typeof fetchSoundLibrary;
}

/** Starts the queue, the library and the watchers; returns the stop function. */
export function startAlerts(options: AlertsOptions = {}): () => void {
  const now = options.now ?? (() => Date.now());
  const stopQueue = startNotificationQueue({ ...options, now });
  const stopGate = startDialogGate(now);
  let stopped = false;
  let stopWatchers: (() => void) | null = null;
  useUiStore.setState({
    requestAlert: (uuid) => {
      const event = findEventByUuid(useEntitiesStore.getState(), uuid);
      if (event) raiseEventAlert(event);
    },
  });
  // the alerts wait for the library (at most its one call) so that their sound is known
  void (options.loadLibrary ?? fetchSoundLibrary)()
    .then((library) => useNotificationStore.getState().setLibrary(library))
    .catch((error: unknown) => console.warn('[alerts] sound library not loaded', error))
    .finally(() => {
      if (stopped) return;
      stopWatchers = startWatchers(now);
      useAlertsReady.setState({ ready: true });
    });
  return () => {
    stopped = true;
    useAlertsReady.setState({ ready: false });
    stopWatchers?.();
    stopGate();
    stopQueue();
    useUiStore.setState({ requestAlert: undefined });
  };
}
