/**
 * Whether the panel asks now for notifications (the prompt reads `ask`), and what this browser answered before
 * (localStorage `panel.webPush`, kept across logins: the question is asked once).
 */
import { create } from 'zustand';

export const WEB_PUSH_KEY = 'panel.webPush';

/** 'asked': the question was answered (either way); 'noticed': the "not available" notice was shown once */
export interface WebPushMemory {
  asked?: boolean;
  noticed?: boolean;
}

export function readMemory(): WebPushMemory {
  try {
    const raw = localStorage.getItem(WEB_PUSH_KEY);
    const value = raw ? (JSON.parse(raw) as unknown) : null;
    return value && typeof value === 'object' ? (value as WebPushMemory) : {};
  } catch {
    return {};
  }
}

export function remember(patch: WebPushMemory): void {
  try {
    localStorage.setItem(WEB_PUSH_KEY, JSON.stringify({ ...readMemory(), ...patch }));
  } catch {
    // storage blocked: the question may come again next time, nothing worse
  }
}

export const useWebPushStore = create<{ ask: boolean }>()(() => ({ ask: false }));
