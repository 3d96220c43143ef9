/**
 * The speech format, shared by the main thread (cache keys) and the render worker (synthesis) without either
 * importing the other's heavy modules (eSpeak's WebAssembly glue, the database).
 */

/** eSpeak's voice; part of the cache key, so another voice never serves old files */
export const TTS_VOICE = 'cs';

/** speech mp3: mono, 22.05 kHz from eSpeak, 48 kbit/s */
export const TTS_KBPS = 48;
