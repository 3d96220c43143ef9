import { api } from './client';

export function changePassword(oldPassword: string, newPassword: string): Promise<{ result: boolean }> {
  return api.put('/v3/user/change-password', { oldPassword, newPassword });
}
