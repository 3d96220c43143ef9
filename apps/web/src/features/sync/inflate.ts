/**
 * A pushed delta's `gz` (the server sends answers over 2 kB gzip-compressed, in base64 inside the socket.io
 * packet's one text frame: apps/server/src/realtime/deltaPush.ts) back to the answer it carries. The browser's own
 * DecompressionStream inflates it (Chromium 80, Firefox 113, Safari 16.4), streaming and off the JavaScript
 * thread. Where it is missing, or the text is no base64 or its bytes do not inflate to JSON, the answer is null
 * and the panel pulls, as after a push without data.
 */

/** Whether this browser can inflate a pushed `gz` at all. */
export function canInflate(): boolean {
  return typeof DecompressionStream === 'function';
}

/** The base64 text as bytes (atob: every browser the panel runs in; it throws on what is no base64). */
function base64Bytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The gzip-compressed JSON (base64) parsed, or null (no DecompressionStream, no base64, corrupt bytes, not JSON). */
export async function inflateJson<T>(gz: string): Promise<T | null> {
  if (!canInflate()) return null;
  try {
    const bytes = base64Bytes(gz);
    const source = new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
    const reader = source.pipeThrough(new DecompressionStream('gzip')).getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    return JSON.parse(text + decoder.decode()) as T;
  } catch (error) {
    console.warn('[sync] a pushed delta did not inflate; pulling instead', error);
    return null;
  }
}
