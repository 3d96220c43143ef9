/**
 * The sound library's tones: which generated pattern (modules/alerts/assets/synth.ts) each seeded sound asset
 * (demo/catalogues.ts SOUND_ASSETS, ids 1–5 in that order; event categories use 2, 3 and 4) sounds like. An
 * asset added later without its own bytes or file gets a pattern by its type, then by its code.
 */
import { SOUND_PATTERNS, type SoundPattern } from './synth.js';

export const DEMO_SOUND_PATTERNS: Record<string, SoundPattern> = {
  login: 'gong',
  alarm: 'siren',
  call: 'tripleBeep',
  message: 'chirp',
  radio: 'bell',
};

const BY_TYPE: Record<string, SoundPattern> = { event: 'siren', message: 'chirp', login: 'gong' };

export function soundPatternOf(asset: { code: string; type: string }): SoundPattern {
  const known = DEMO_SOUND_PATTERNS[asset.code] ?? BY_TYPE[asset.type];
  if (known) return known;
  let hash = 0;
  for (const ch of asset.code) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return SOUND_PATTERNS[hash % SOUND_PATTERNS.length];
}
