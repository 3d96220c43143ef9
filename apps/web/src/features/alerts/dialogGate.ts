/**
 * When a new alert's dialog may cover the panel (issue 24 item 2). The spec asks for the dialog and it stays
 * impossible to miss — the sound plays and the bell counts at once — but a modal opened in the middle of a
 * push-to-talk recording blocked every click (and took the button's pointer), and one opened while the user was
 * typing took the keyboard mid-word. So the dialog is *held*:
 * - while a recording is in progress (messages/capture/radioActivity), until it ends;
 * - while the user is typing: the focus is in a text field and a key went down in the last TYPING_QUIET_MS,
 *   until the typing pauses or the focus leaves the field.
 * Then the dialog opens by itself; closing it gives the focus back to the field (MUI's restore focus), with its
 * text. Ctrl+Space is never typing: the radio key goes on working under an open dialog as without one.
 *
 * `requestAlertDialog()` is what raising an alert calls instead of opening the dialog; `useAlertDialogHold`
 * tells the bell why a requested dialog waits (it pulses meanwhile).
 */
import { create } from 'zustand';
import { useRadioActivity } from '../messages/capture/radioActivity';
import { isPushToTalkKey } from '../messages/capture/radioRules';
import { useNotificationStore } from './notificationQueue';

/** A pause in typing this long lets a waiting alert dialog open (ours). */
export const TYPING_QUIET_MS = 2_500;

export type DialogHold = 'radio' | 'typing' | null;

interface HoldState {
  /** why a requested dialog waits; null: nothing waits */
  waiting: DialogHold;
}

export const useAlertDialogHold = create<HoldState>()(() => ({ waiting: null }));

/** The hold that applies now: a recording first, then typing. Pure (the gate feeds it the facts). */
export function holdOf(facts: {
  recording: boolean;
  editableFocused: boolean;
  typedAt: number;
  now: number;
}): DialogHold {
  if (facts.recording) return 'radio';
  if (facts.editableFocused && facts.now - facts.typedAt < TYPING_QUIET_MS) return 'typing';
  return null;
}

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'password', 'number', '']);

/** A field the user types text into (not a checkbox, button or slider). */
export function isEditable(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLTextAreaElement) return !element.readOnly && !element.disabled;
  if (element instanceof HTMLInputElement) {
    return TEXT_INPUT_TYPES.has(element.type) && !element.readOnly && !element.disabled;
  }
  return element instanceof HTMLElement && element.isContentEditable;
}

const gate = {
  running: false,
  typedAt: Number.NEGATIVE_INFINITY,
  timer: null as ReturnType<typeof setTimeout> | null,
  now: (): number => Date.now(),

  hold(): DialogHold {
    return holdOf({
      recording: useRadioActivity.getState().recording,
      editableFocused: isEditable(document.activeElement),
      typedAt: this.typedAt,
      now: this.now(),
    });
  },

  /** Opens a waiting dialog once nothing holds it; else checks again when the typing pause is over. */
  check(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!useAlertDialogHold.getState().waiting) return;
    const hold = this.hold();
    if (hold === 'typing') this.timer = setTimeout(() => this.check(), this.typedAt + TYPING_QUIET_MS - this.now());
    if (hold !== useAlertDialogHold.getState().waiting) useAlertDialogHold.setState({ waiting: hold });
    if (hold) return;
    const queue = useNotificationStore.getState();
    if (queue.items.some((i) => i.method === 'dialog')) queue.setDialogOpen(true);
  },
};

/** Opens the alert dialog now, or as soon as no recording or typing holds it. */
export function requestAlertDialog(): void {
  const hold = gate.running ? gate.hold() : null;
  if (!hold) {
    useAlertDialogHold.setState({ waiting: null });
    useNotificationStore.getState().setDialogOpen(true);
    return;
  }
  useAlertDialogHold.setState({ waiting: hold });
  gate.check();
}

/** Watches typing, focus and the radio; returns the stop function. `now` for tests. */
export function startDialogGate(now: () => number = () => Date.now()): () => void {
  gate.running = true;
  gate.now = now;
  gate.typedAt = Number.NEGATIVE_INFINITY;
  const onKey = (e: KeyboardEvent) => {
    if (isPushToTalkKey(e) || !isEditable(e.target as Element | null)) return;
    gate.typedAt = gate.now();
  };
  // the focus left the field (a click elsewhere, Tab): the user is not typing any more
  const onFocusOut = () => setTimeout(() => gate.check(), 0);
  window.addEventListener('keydown', onKey, true);
  window.addEventListener('focusout', onFocusOut, true);
  const offRadio = useRadioActivity.subscribe((s, prev) => {
    if (s.recording !== prev.recording) gate.check();
  });
  return () => {
    gate.running = false;
    if (gate.timer) clearTimeout(gate.timer);
    gate.timer = null;
    window.removeEventListener('keydown', onKey, true);
    window.removeEventListener('focusout', onFocusOut, true);
    offRadio();
    useAlertDialogHold.setState({ waiting: null });
  };
}
