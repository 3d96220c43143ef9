/**
 * Alarm tones made by the project (no shipped recordings): each pattern is rendered as mono PCM at 22050 Hz and
 * encoded to mp3 by mp3.ts. Deterministic, so every node renders the same bytes.
 */
export const SOUND_RATE = 22_050;

export const SOUND_PATTERNS = ['siren', 'tripleBeep', 'chirp', 'bell', 'gong'] as const;
export type SoundPattern = (typeof SOUND_PATTERNS)[number];

type Voice = (t: number) => number;

function render(seconds: number, voice: Voice, gain = 0.7): Float32Array {
  const n = Math.round(seconds * SOUND_RATE);
  const out = new Float32Array(n);
  let peak = 0;
  for (let i = 0; i < n; i++) {
    out[i] = voice(i / SOUND_RATE);
    peak = Math.max(peak, Math.abs(out[i]));
  }
  const scale = peak > 0 ? gain / peak : 0;
  for (let i = 0; i < n; i++) out[i] *= scale;
  return out;
}

const TAU = Math.PI * 2;
/** 5 ms fade at both ends of a tone of `length` s: no clicks. */
const envelope = (t: number, length: number) => Math.max(0, Math.min(1, t / 0.005, (length - t) / 0.005));
/** a bright tone: the fundamental with odd harmonics (a soft square) */
const bright = (phase: number) => Math.sin(phase) + Math.sin(3 * phase) / 3 + Math.sin(5 * phase) / 6;

/** Two-tone siren (hi-lo 960/770 Hz, 0.45 s each, four cycles) — the event alarm. */
function siren(): Float32Array {
  const half = 0.45;
  let phase = 0;
  let last = 0;
  return render(half * 8, (t) => {
    const f = Math.floor(t / half) % 2 === 0 ? 960 : 770;
    phase += TAU * f * (t - last);
    last = t;
    return bright(phase) * envelope(t % half, half);
  });
}

/** Triple beep (1 kHz, 140 ms on, 90 ms off) twice with a pause — an incoming call. */
function tripleBeep(): Float32Array {
  const on = 0.14;
  const step = 0.23;
  const group = 3 * step + 0.4;
  return render(group * 2, (t) => {
    const inGroup = t % group;
    const k = Math.floor(inGroup / step);
    const local = inGroup - k * step;
    if (k > 2 || local > on) return 0;
    return bright(TAU * 1000 * t) * envelope(local, on);
  });
}

/** Rising chirp (600 → 1800 Hz in 0.3 s, three times) — a new message. */
function chirp(): Float32Array {
  const length = 0.3;
  const step = 0.45;
  return render(step * 3, (t) => {
    const local = t % step;
    if (local > length) return 0;
    // phase of a linear sweep f(t) = f0 + (f1 − f0) t / length
    const phase = TAU * (600 * local + ((1800 - 600) * local * local) / (2 * length));
    return Math.sin(phase) * envelope(local, length);
  });
}

/** Bell-like strike (inharmonic partials, exponential decay), struck twice — a radio session. */
function bell(): Float32Array {
  const partials: [number, number, number][] = [
    [1, 1, 1.2],
    [2.0, 0.6, 0.9],
    [2.76, 0.45, 0.6],
    [5.4, 0.25, 0.35],
    [8.93, 0.12, 0.2],
  ];
  const strike = (t: number) =>
    t < 0
      ? 0
      : partials.reduce(
          (sum, [ratio, amp, decay]) => sum + amp * Math.sin(TAU * 880 * ratio * t) * Math.exp(-t / decay),
          0,
        ) * Math.min(1, t / 0.002);
  return render(2.2, (t) => strike(t) + 0.8 * strike(t - 0.6));
}

/** Gong (low 110 Hz with beating inharmonic partials, slow swell and decay) — login. */
function gong(): Float32Array {
  const partials: [number, number, number][] = [
    [110, 1, 2.2],
    [112.5, 0.6, 2.0],
    [231, 0.5, 1.4],
    [347, 0.35, 1.0],
    [512, 0.25, 0.7],
    [689, 0.15, 0.5],
  ];
  return render(3, (t) => {
    const swell = Math.min(1, t / 0.06);
    return (
      partials.reduce((sum, [f, amp, decay]) => sum + amp * Math.sin(TAU * f * t) * Math.exp(-t / decay), 0) * swell
    );
  });
}

const RENDERERS: Record<SoundPattern, () => Float32Array> = { siren, tripleBeep, chirp, bell, gong };

/** The pattern's samples (−1…1, mono, SOUND_RATE). */
export function renderPattern(pattern: SoundPattern): Float32Array {
  return RENDERERS[pattern]();
}
