/**
 * Media files need the bearer header, so <img>/<audio> get object URLs of blobs fetched with the session
 * headers. One fetch per URL; the object URL is revoked when its last user unmounts.
 */
import { useEffect, useState } from 'react';
import { fetchMediaBlob } from '../../api/messages';

interface Entry {
  users: number;
  promise: Promise<string>;
  objectUrl: string | null;
}

const cache = new Map<string, Entry>();

export function acquireMedia(url: string): Promise<string> {
  let entry = cache.get(url);
  if (!entry) {
    const created: Entry = { users: 0, objectUrl: null, promise: Promise.resolve('') };
    created.promise = fetchMediaBlob(url).then((blob) => {
      const objectUrl = URL.createObjectURL(blob);
      if (cache.get(url) === created) created.objectUrl = objectUrl;
      else URL.revokeObjectURL(objectUrl); // released meanwhile
      return objectUrl;
    });
    created.promise.catch(() => {
      if (cache.get(url) === created) cache.delete(url); // a later mount tries again
    });
    entry = created;
    cache.set(url, entry);
  }
  entry.users += 1;
  return entry.promise;
}

export function releaseMedia(url: string): void {
  const entry = cache.get(url);
  if (!entry) return;
  entry.users -= 1;
  if (entry.users > 0) return;
  cache.delete(url);
  if (entry.objectUrl) URL.revokeObjectURL(entry.objectUrl);
}

export interface MediaState {
  src: string | null;
  loading: boolean;
  error: boolean;
}

/** The object URL of a media URL while the component is mounted (null url → nothing). */
export function useMediaObjectUrl(url: string | null): MediaState {
  const [state, setState] = useState<MediaState & { url: string | null }>({
    url: null,
    src: null,
    loading: false,
    error: false,
  });
  useEffect(() => {
    if (!url) return;
    let alive = true;
    acquireMedia(url).then(
      (src) => alive && setState({ url, src, loading: false, error: false }),
      (error: unknown) => {
        console.warn('[media] load failed', url, error);
        if (alive) setState({ url, src: null, loading: false, error: true });
      },
    );
    return () => {
      alive = false;
      releaseMedia(url);
    };
  }, [url]);
  if (!url) return { src: null, loading: false, error: false };
  if (state.url !== url) return { src: null, loading: true, error: false };
  return { src: state.src, loading: state.loading, error: state.error };
}
