/**
 * New incoming audio messages younger than 5 minutes play once by themselves (000 §9), one after another, on
 * whatever screen the panel shows. Not own messages, not of muted events; each message plays once per browser
 * (remembered in localStorage). A refused or failed playback (autoplay policy, missing file) is only logged.
 */
import { AUDIO_AUTOPLAY_WINDOW } from '@panel/domain/constants';
import { fromWireTime } from '@panel/domain/locale';
import type { Message } from '@panel/domain/sync';
import { mediaUrl } from '../../api/messages';
import { useAuthStore } from '../../stores/authStore';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { useMuteStore } from '../../stores/muteStore';
import { acquireMedia, releaseMedia } from './mediaCache';
import { mediaKind } from './rules';

const PLAYED_KEY = 'panel.autoplayed';
const PLAYED_KEEP = 300;

export interface AutoplayContext {
  userId: number | null;
  now: number;
  played: ReadonlySet<string>;
  isMuted: (eventUuid: string) => boolean;
}

export const playedKey = (m: Pick<Message, 'id' | 'uuid'>): string => m.uuid ?? `id:${m.id}`;

/** The audio file of a message that should play by itself now, else null. */
export function autoplayFile(message: Message, ctx: AutoplayContext): string | null {
  if (message.userId !== null && message.userId === ctx.userId) return null;
  const file = (message.media ?? []).find((name) => mediaKind(name) === 'audio');
  if (!file) return null;
  const created = fromWireTime(message.createdAt)?.getTime();
  if (created === undefined || ctx.now - created > AUDIO_AUTOPLAY_WINDOW || created - ctx.now > 60_000) return null;
  if (ctx.played.has(playedKey(message))) return null;
  if (message.eventUuid && ctx.isMuted(message.eventUuid)) return null;
  return file;
}

function loadPlayed(): string[] {
  try {
    const raw = JSON.parse(localStorage.getItem(PLAYED_KEY) ?? '[]') as unknown;
    return Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function savePlayed(list: string[]): void {
  try {
    localStorage.setItem(PLAYED_KEY, JSON.stringify(list.slice(-PLAYED_KEEP)));
  } catch {
    // storage full or refused: the message may play again after a reload, nothing worse
  }
}

export type PlayAudio = (objectUrl: string) => Promise<void>;

/** Plays to the end (or the first error). */
export const playWithAudioElement: PlayAudio = (objectUrl) =>
  new Promise<void>((resolve, reject) => {
    const audio = new Audio(objectUrl);
    audio.onended = () => resolve();
    audio.onerror = () => reject(new Error('audio error'));
    audio.play().catch(reject);
  });

/** Starts watching the messages of the bundle; returns the stop function. */
export function startAudioAutoplay(play: PlayAudio = playWithAudioElement, now: () => number = Date.now): () => void {
  const played = loadPlayed();
  const playedSet = new Set(played);
  const queue: { eventId: number; file: string; key: string }[] = [];
  let running = false;
  let stopped = false;

  async function drain() {
    if (running) return;
    running = true;
    try {
      while (queue.length && !stopped) {
        const item = queue.shift()!;
        const url = mediaUrl(item.eventId, item.file);
        try {
          await play(await acquireMedia(url));
        } catch (error) {
          console.warn('[autoplay] playback failed', item.file, error);
        } finally {
          releaseMedia(url);
        }
      }
    } finally {
      running = false;
    }
  }

  function check(messages: Record<number, Message>) {
    const ctx: AutoplayContext = {
      userId: useAuthStore.getState().user?.id ?? null,
      now: now(),
      played: playedSet,
      isMuted: (uuid) => useMuteStore.getState().isMuted(uuid),
    };
    const fresh = Object.values(messages)
      .map((m) => ({ m, file: autoplayFile(m, ctx) }))
      .filter((x): x is { m: Message; file: string } => x.file !== null)
      .sort((a, b) => String(a.m.createdAt).localeCompare(String(b.m.createdAt)));
    if (!fresh.length) return;
    for (const { m, file } of fresh) {
      const key = playedKey(m);
      playedSet.add(key);
      played.push(key);
      queue.push({ eventId: m.eventId, file, key });
    }
    savePlayed(played);
    void drain();
  }

  check(useEntitiesStore.getState().messages);
  const unsubscribe = useEntitiesStore.subscribe((s, prev) => {
    if (s.messages !== prev.messages) check(s.messages);
  });
  return () => {
    stopped = true;
    queue.length = 0;
    unsubscribe();
  };
}
