/**
 * mp3 on the server: mono 16-bit PCM → mp3 with lamejs (pure JS, CBR), and a small frame walker that checks a
 * file is what it claims (frame sync, duration, frames that carry sound) — used by the tests and the store.
 */
import { Mp3Encoder } from '@breezystack/lamejs';

const FRAME = 1152;

/** Encodes mono 16-bit PCM (8–48 kHz as lame allows) to a CBR mp3. */
export function encodeMp3(pcm: Int16Array, sampleRate: number, kbps = 64): Buffer {
  const encoder = new Mp3Encoder(1, sampleRate, kbps);
  const parts: Buffer[] = [];
  for (let i = 0; i < pcm.length; i += FRAME) {
    const chunk = encoder.encodeBuffer(pcm.subarray(i, i + FRAME));
    if (chunk.length) parts.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
  }
  const tail = encoder.flush();
  if (tail.length) parts.push(Buffer.from(tail.buffer, tail.byteOffset, tail.length));
  return Buffer.concat(parts);
}

export interface Mp3Info {
  frames: number;
  sampleRate: number;
  /** seconds, from the frames */
  duration: number;
  /** frames whose granules carry Huffman-coded spectral values (silence has none) */
  audibleFrames: number;
}

// bitrates (kbit/s) by version group and index, Layer III
const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/** Walks Layer III frames from the first sync (an ID3v2 tag is skipped); null when it is not an mp3. */
export function inspectMp3(buf: Buffer): Mp3Info | null {
  let pos = 0;
  if (buf.subarray(0, 3).toString('latin1') === 'ID3' && buf.length > 10) {
    pos = 10 + ((buf[6] << 21) | (buf[7] << 14) | (buf[8] << 7) | buf[9]);
  }
  let frames = 0;
  let samples = 0;
  let sampleRate = 0;
  let audible = 0;
  while (pos + 4 <= buf.length) {
    if (buf[pos] !== 0xff || (buf[pos + 1] & 0xe0) !== 0xe0) break;
    const version = (buf[pos + 1] >> 3) & 3; // 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5
    const layer = (buf[pos + 1] >> 1) & 3; // 1 = Layer III
    const bitrateIndex = buf[pos + 2] >> 4;
    const rateIndex = (buf[pos + 2] >> 2) & 3;
    const padding = (buf[pos + 2] >> 1) & 1;
    const mono = buf[pos + 3] >> 6 === 3;
    if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) break;
    const rate = RATES[version][rateIndex];
    const kbps = (version === 3 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex];
    const perFrame = version === 3 ? 1152 : 576;
    const length = Math.floor(((perFrame / 8) * kbps * 1000) / rate) + padding;
    if (length < 12 || pos + length > buf.length) break;
    // side info right after the 4-byte header (no CRC from lame): part2_3_length and big_values of granule 0
    const bits = buf.readBigUInt64BE(pos + 4);
    const skip = version === 3 ? (mono ? 9 + 5 + 4 : 9 + 3 + 8) : mono ? 8 + 1 : 8 + 2;
    const field = (offset: number, width: number) =>
      Number((bits >> BigInt(64 - offset - width)) & ((1n << BigInt(width)) - 1n));
    const part23 = field(skip, 12);
    const bigValues = field(skip + 12, 9);
    if (part23 > 0 && bigValues > 0) audible += 1;
    frames += 1;
    samples += perFrame;
    sampleRate = rate;
    pos += length;
  }
  if (frames === 0) return null;
  return { frames, sampleRate, duration: samples / sampleRate, audibleFrames: audible };
}
