import type { z } from 'zod';
import type { AppBundle, appRequestSchema } from '@panel/domain/sync';
import { api } from './client';

/** POST /v2/app {uid}: the full bundle for uid null, otherwise a delta since that uid. */
export function fetchApp(uid: string | null, signal?: AbortSignal): Promise<AppBundle> {
  const body: z.input<typeof appRequestSchema> = { uid };
  return api.post<AppBundle>('/v2/app', body, { signal });
}
