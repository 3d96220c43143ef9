/**
 * Turns a recording into mp3 (the server stores mp3 or aac only): the browser decodes it (Opus in WebM/Ogg),
 * the channels are mixed to mono and lamejs encodes 64 kbit/s. lamejs is loaded on first use.
 */
import { floatTo16Bit } from '@panel/domain/messages';

const FRAME = 1152;

/** Mixes channels to one (average). */
export function mixToMono(channels: Float32Array[]): Float32Array {
  if (channels.length === 1) return channels[0];
  const length = Math.min(...channels.map((c) => c.length));
  const out = new Float32Array(length);
  for (const channel of channels) for (let i = 0; i < length; i++) out[i] += channel[i] / channels.length;
  return out;
}

/** Encodes mono 16-bit PCM to an mp3 blob. */
export async function encodePcmToMp3(pcm: Int16Array, sampleRate: number, kbps = 64): Promise<Blob> {
  const { Mp3Encoder } = await import('@breezystack/lamejs');
  const encoder = new Mp3Encoder(1, sampleRate, kbps);
  const parts: BlobPart[] = [];
  for (let i = 0; i < pcm.length; i += FRAME) {
    const chunk = encoder.encodeBuffer(pcm.subarray(i, i + FRAME));
    if (chunk.length) parts.push(new Uint8Array(chunk));
  }
  const tail = encoder.flush();
  if (tail.length) parts.push(new Uint8Array(tail));
  return new Blob(parts, { type: 'audio/mpeg' });
}

type AudioContextCtor = new () => AudioContext;

/** Decodes a recorded blob in the browser and encodes it as mp3. */
export async function recordingToMp3(blob: Blob): Promise<Blob> {
  const Ctor: AudioContextCtor | undefined =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextCtor }).webkitAudioContext;
  if (!Ctor) throw new Error('AudioContext unavailable');
  const context = new Ctor();
  try {
    const audio = await context.decodeAudioData(await blob.arrayBuffer());
    const channels = Array.from({ length: audio.numberOfChannels }, (_, i) => audio.getChannelData(i));
    return await encodePcmToMp3(floatTo16Bit(mixToMono(channels)), audio.sampleRate);
  } finally {
    void context.close().catch(() => undefined);
  }
}
