import { describe, expect, it } from 'vitest';
import { floatTo16Bit } from '@panel/domain/messages';
import { encodePcmToMp3, mixToMono } from './encodeMp3';

describe('mp3 encoding of recordings', () => {
  it('mixes channels to mono and clips samples to 16 bit', () => {
    expect([...mixToMono([new Float32Array([1, 0]), new Float32Array([0, 1])])]).toEqual([0.5, 0.5]);
    expect([...floatTo16Bit(new Float32Array([0, 1, -1, 2, -2]))]).toEqual([0, 32767, -32768, 32767, -32768]);
  });

  it('encodes a tone into an mp3 the server accepts (frame sync at the start), about 64 kbit/s', async () => {
    const rate = 44100;
    const pcm = new Float32Array(rate); // one second of 440 Hz
    for (let i = 0; i < pcm.length; i++) pcm[i] = 0.5 * Math.sin((2 * Math.PI * 440 * i) / rate);
    const blob = await encodePcmToMp3(floatTo16Bit(pcm), rate);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect(blob.type).toBe('audio/mpeg');
    expect(bytes[0]).toBe(0xff);
    expect(bytes[1] & 0xe0).toBe(0xe0);
    expect(bytes.length).toBeGreaterThan(6000);
    expect(bytes.length).toBeLessThan(12000);
  });
});
