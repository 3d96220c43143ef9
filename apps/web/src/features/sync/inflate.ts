/**
 * A pushed delta's `gz` (the server sends answers over 2 kB gzip-compressed, as a binary attachment of the
 * socket.io packet: apps/server/src/realtime/deltaPush.ts) back to the answer it carries. The browser's own
 * DecompressionStream inflates it (Chromium 80, Firefox 113, Safari 16.4), streaming and off the JavaScript
 * thread. Where it is missing or the bytes do not inflate to JSON, the answer is null and the panel pulls, as
 * after a push without data.
 */

/** Whether this browser can inflate a pushed `gz` at all. */
export function canInflate(): boolean {
  return typeof DecompressionStream === 'function';
}

/** The gzip-compressed JSON parsed, or null (no DecompressionStream, corrupt bytes, not JSON). */
export async function inflateJson<T>(gz: Uint8Array | ArrayBuffer): Promise<T | null> {
  if (!canInflate()) return null;
  try {
    // socket.io hands binary over as an ArrayBuffer in the browser (a Buffer, a Uint8Array, on Node); never
    // a SharedArrayBuffer, which the stream would refuse
    const bytes = (ArrayBuffer.isView(gz) ? gz : new Uint8Array(gz)) as Uint8Array<ArrayBuffer>;
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
