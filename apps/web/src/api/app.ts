import type { z } from 'zod';
import type { AppBundle, appRequestSchema } from '@panel/domain/sync';
import { api } from './client';
import { takeWaitingReceipts } from '../features/receipts/receiptReporter';

/**
 * POST /v2/app {uid}: the full bundle for uid null, otherwise a delta since that uid. The delivery receipts
 * waiting in the reporter's batch ride along (issue 25); taken from the batch, they are not sent again.
 */
export function fetchApp(uid: string | null, signal?: AbortSignal): Promise<AppBundle> {
  const receipts = takeWaitingReceipts('poll');
  const body: z.input<typeof appRequestSchema> = receipts.length > 0 ? { uid, receipts } : { uid };
  return api.post<AppBundle>('/v2/app', body, { signal });
}
