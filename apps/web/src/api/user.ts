import type { z } from 'zod';
import type { changePasswordRequestSchema } from '@panel/domain/auth';
import type { okResult } from '@panel/domain/http';
import { api } from './client';

export function changePassword(oldPassword: string, newPassword: string): Promise<z.infer<typeof okResult>> {
  const body: z.input<typeof changePasswordRequestSchema> = { oldPassword, newPassword };
  return api.put('/v3/user/change-password', body);
}
