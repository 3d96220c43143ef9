/**
 * The reports screen as its own chunk (issue 26 item 2): it and @mui/x-charts load only when the screen is first
 * opened, so the login and the main panel's bundles do not carry the chart library. A chunk that fails to load
 * shows the house message with a reload (ui/lazyChunk).
 */
import { Suspense } from 'react';
import { CircularProgress, Dialog, DialogContent } from '@mui/material';
import { ChunkBoundary, lazyChunk } from '../../ui/lazyChunk';

const ReportsScreen = lazyChunk(() => import('./ReportsScreen'));

export function ReportsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  if (!open) return null;
  const fallback = (
    <Dialog open onClose={onClose}>
      <DialogContent>
        <CircularProgress aria-label="Načítání" />
      </DialogContent>
    </Dialog>
  );
  return (
    <ChunkBoundary>
      <Suspense fallback={fallback}>
        <ReportsScreen open onClose={onClose} />
      </Suspense>
    </ChunkBoundary>
  );
}
