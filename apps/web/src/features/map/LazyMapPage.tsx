/**
 * The map screen as its own chunk (OpenLayers and proj4 load with it), with the chunk timeout and the Czech
 * message plus reload button when it cannot be loaded (ui/lazyChunk). Used by the main panel and the mobile
 * event 'Mapa' tab.
 */
import { Suspense, type ReactNode } from 'react';
import { ChunkBoundary, lazyChunk } from '../../ui/lazyChunk';

const MapPage = lazyChunk(() => import('./MapPage'));

export function LazyMapPage({ fallback }: { fallback: ReactNode }) {
  return (
    <ChunkBoundary>
      <Suspense fallback={fallback}>
        <MapPage />
      </Suspense>
    </ChunkBoundary>
  );
}
