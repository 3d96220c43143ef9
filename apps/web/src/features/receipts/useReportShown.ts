/**
 * Reports an item as *shown* once it is rendered while the panel is visible (issue 25): at mount when visible,
 * else at the first `visibilitychange` to visible while it is still on the screen.
 */
import { useEffect } from 'react';
import type { ReceiptKind } from '@panel/domain/receipts';
import { noteShown } from './receiptReporter';

export function useReportShown(kind: ReceiptKind, id: number | null): void {
  useEffect(() => {
    if (id === null) return;
    if (noteShown(kind, id)) return;
    const onVisible = () => {
      if (noteShown(kind, id)) document.removeEventListener('visibilitychange', onVisible);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [kind, id]);
}
