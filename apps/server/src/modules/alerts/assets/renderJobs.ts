/**
 * What the render worker does (renderWorker.ts), kept apart from the thread plumbing so it can also run (and be
 * tested) in the calling thread: a tone pattern or a Czech text in, mp3 bytes out. Both are CPU work of 0.1–3 s
 * (tone synthesis + lamejs, eSpeak NG WebAssembly + lamejs) that must never run on the server's event loop.
 */
import { floatTo16Bit } from '@panel/domain/messages';
import { encodeMp3 } from './mp3.js';
import { SOUND_RATE, renderPattern, type SoundPattern } from './synth.js';
import { TTS_KBPS } from '../tts/voice.js';

export type RenderJob = { kind: 'tone'; pattern: SoundPattern } | { kind: 'speech'; text: string };

export async function renderJob(job: RenderJob): Promise<Buffer> {
  if (job.kind === 'tone') return encodeMp3(floatTo16Bit(renderPattern(job.pattern)), SOUND_RATE);
  // loaded on the first speech only: the WebAssembly module is big and a tone-only worker never needs it
  const { synthesize } = await import('../tts/engine.js');
  const pcm = await synthesize(job.text);
  return encodeMp3(pcm.samples, pcm.sampleRate, TTS_KBPS);
}
