/**
 * Spoken texts as mp3, cached in the main thread: in memory (LRU, at most 300 entries and 32 MB) and as files
 * `{DATA_DIR}/tts/{sha256}.mp3` (none with `DATA_DIR=:memory:`). Concurrent requests for one text share one
 * synthesis. Only a miss everywhere costs worker time (`render`, the render pool); the caller's `admit` is asked
 * right before such a synthesis starts — that is where the per-session limit counts, so cached texts are free.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { LRUCache } from 'lru-cache';
import { dataFilePath, writeAtomically } from '../assets/store.js';
import { TTS_VOICE } from './voice.js';
const MAX_ENTRIES = 300;
const MAX_BYTES = 32 * 1024 * 1024;

export interface Speech {
  data: Buffer;
  /** where it came from: 'memory', 'disk' or 'synthesized' */
  source: 'memory' | 'disk' | 'synthesized';
}

/** Renders the mp3 of a text (in a worker thread). */
export type SpeechRenderer = (text: string) => Promise<Buffer>;

export function createSpeechCache(dataDir: string, render: SpeechRenderer) {
  // most recently used last; at most MAX_ENTRIES texts and MAX_BYTES of mp3
  const lru = new LRUCache<string, Buffer>({
    max: MAX_ENTRIES,
    maxSize: MAX_BYTES,
    sizeCalculation: (data) => Math.max(1, data.length),
  });
  const pending = new Map<string, Promise<Speech>>();

  const keyOf = (text: string) => createHash('sha256').update(`${TTS_VOICE}\n${text}`).digest('hex');

  const remember = (key: string, data: Buffer) => void lru.set(key, data);

  async function fromDisk(key: string): Promise<Buffer | null> {
    const file = dataFilePath(dataDir, `tts/${key}.mp3`);
    if (!file) return null;
    try {
      return await readFile(file);
    } catch {
      return null; // not spoken yet
    }
  }

  async function synthesizeNew(key: string, text: string): Promise<Speech> {
    const data = await render(text);
    remember(key, data);
    const file = dataFilePath(dataDir, `tts/${key}.mp3`);
    if (file) await writeAtomically(file, data).catch((e) => console.error('[panel] tts not written', file, e));
    return { data, source: 'synthesized' };
  }

  return {
    keyOf,
    /**
     * The speech of `text`: from memory, from a synthesis already under way, from disk, else synthesized after
     * `admit()` (which may throw to refuse, e.g. a rate limit).
     */
    async speak(text: string, admit: () => void = () => undefined): Promise<Speech> {
      const key = keyOf(text);
      const hit = lru.get(key);
      if (hit) {
        return { data: hit, source: 'memory' };
      }
      const joined = pending.get(key);
      if (joined) return joined;
      const stored = await fromDisk(key);
      if (stored) {
        remember(key, stored);
        return { data: stored, source: 'disk' };
      }
      // another request may have started it while the disk was read
      const started = pending.get(key);
      if (started) return started;
      admit();
      const p = synthesizeNew(key, text).finally(() => pending.delete(key));
      pending.set(key, p);
      return p;
    },
    get size() {
      return lru.size;
    },
  };
}
