/**
 * Spoken texts as mp3, cached: in memory (LRU, at most 300 entries and 32 MB) and as files
 * `{DATA_DIR}/tts/{sha256}.mp3` (none with `DATA_DIR=:memory:`). Concurrent requests for one text share one
 * synthesis.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { encodeMp3 } from '../assets/mp3.js';
import { dataFilePath, writeAtomically } from '../assets/store.js';
import { TTS_VOICE, synthesize } from './engine.js';

export const TTS_KBPS = 48;
const MAX_ENTRIES = 300;
const MAX_BYTES = 32 * 1024 * 1024;

export interface Speech {
  data: Buffer;
  etag: string;
  /** where it came from: 'memory', 'disk' or 'synthesized' */
  source: 'memory' | 'disk' | 'synthesized';
}

export function createSpeechCache(dataDir: string, synth: typeof synthesize = synthesize) {
  const lru = new Map<string, Buffer>();
  let bytes = 0;
  const pending = new Map<string, Promise<Speech>>();

  const keyOf = (text: string) => createHash('sha256').update(`${TTS_VOICE}\n${text}`).digest('hex');

  function remember(key: string, data: Buffer) {
    if (lru.has(key)) bytes -= lru.get(key)!.length;
    lru.delete(key);
    lru.set(key, data);
    bytes += data.length;
    while (lru.size > MAX_ENTRIES || bytes > MAX_BYTES) {
      const oldest = lru.keys().next().value as string;
      bytes -= lru.get(oldest)!.length;
      lru.delete(oldest);
    }
  }

  async function produce(key: string, text: string): Promise<Speech> {
    const etag = `"${key.slice(0, 24)}"`;
    const file = dataFilePath(dataDir, `tts/${key}.mp3`);
    if (file) {
      try {
        const data = await readFile(file);
        remember(key, data);
        return { data, etag, source: 'disk' };
      } catch {
        // not spoken yet
      }
    }
    const pcm = await synth(text);
    const data = encodeMp3(pcm.samples, pcm.sampleRate, TTS_KBPS);
    remember(key, data);
    if (file) await writeAtomically(file, data).catch((e) => console.error('[panel] tts not written', file, e));
    return { data, etag, source: 'synthesized' };
  }

  return {
    keyOf,
    async speak(text: string): Promise<Speech> {
      const key = keyOf(text);
      const hit = lru.get(key);
      if (hit) {
        remember(key, hit); // most recently used
        return { data: hit, etag: `"${key.slice(0, 24)}"`, source: 'memory' };
      }
      let p = pending.get(key);
      if (!p) {
        p = produce(key, text).finally(() => pending.delete(key));
        pending.set(key, p);
      }
      return p;
    },
    get size() {
      return lru.size;
    },
  };
}
