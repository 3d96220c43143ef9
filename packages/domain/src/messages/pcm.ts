/**
 * Float samples in −1…1 to signed 16-bit PCM (clipped): what lamejs encodes to mp3, on both sides — the panel's
 * radio recordings (features/messages/capture) and the server's rendered alert tones (modules/alerts/assets).
 */
export function floatTo16Bit(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]));
    out[i] = s < 0 ? s * 0x8000 : s * 0x7fff;
  }
  return out;
}
