/**
 * The files of waiting outbox messages (radio recordings, photos): kept in IndexedDB so that a recording made
 * while the connection is down survives a reload and is uploaded when it returns. Without IndexedDB (old
 * browsers, private modes that refuse it) the files live in memory for the life of the page.
 */

const DB_NAME = 'panel-outbox';
const STORE = 'media';

const memory = new Map<string, Blob>();
let opening: Promise<IDBDatabase | null> | null = null;

function open(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  opening ??= new Promise<IDBDatabase | null>((resolve) => {
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => {
        console.warn('[outbox] IndexedDB unavailable, files kept in memory', request.error);
        resolve(null);
      };
    } catch (error) {
      console.warn('[outbox] IndexedDB unavailable, files kept in memory', error);
      resolve(null);
    }
  });
  return opening;
}

function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  return open().then(
    (db) =>
      new Promise<T | undefined>((resolve, reject) => {
        if (!db) return resolve(undefined);
        const request = work(db.transaction(STORE, mode).objectStore(STORE));
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
      }),
  );
}

export const mediaKey = (uuid: string, fileName: string) => `${uuid}/${fileName}`;

/** Keeps a file of a waiting message (memory as well, so the first attempt never waits for the disk). */
export async function putOutboxFile(key: string, blob: Blob): Promise<void> {
  memory.set(key, blob);
  try {
    await run('readwrite', (store) => store.put(blob, key));
  } catch (error) {
    console.warn('[outbox] file not persisted, kept in memory', key, error);
  }
}

export async function getOutboxFile(key: string): Promise<Blob | null> {
  const inMemory = memory.get(key);
  if (inMemory) return inMemory;
  try {
    const stored = await run<unknown>('readonly', (store) => store.get(key));
    // duck-typed: a Blob from another realm (a test's IndexedDB) is still a Blob
    return stored && typeof (stored as Blob).arrayBuffer === 'function' ? (stored as Blob) : null;
  } catch (error) {
    console.warn('[outbox] file read failed', key, error);
    return null;
  }
}

export async function deleteOutboxFile(key: string): Promise<void> {
  memory.delete(key);
  try {
    await run('readwrite', (store) => store.delete(key));
  } catch (error) {
    console.warn('[outbox] file delete failed', key, error);
  }
}

/** For tests: forget the in-memory copies (what IndexedDB holds stays, as after a reload). */
export function forgetOutboxMemory(): void {
  memory.clear();
}
