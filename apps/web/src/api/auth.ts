import type { z } from 'zod';
import type { DeviceConfirmResponse, deviceConfirmSchema, LoginResponse, loginSchema } from '@panel/domain/auth';
import type { okResult } from '@panel/domain/http';
import { useAuthStore } from '../stores/authStore';
import { api } from './client';

export function login(username: string, password: string): Promise<LoginResponse> {
  const body: z.input<typeof loginSchema> = { username, password };
  return api.post<LoginResponse>('/v2/auth/login', body, { anonymous: true });
}

export function confirmDevice(deviceId: number): Promise<DeviceConfirmResponse> {
  const body: z.input<typeof deviceConfirmSchema> = { deviceId };
  return api.post<DeviceConfirmResponse>('/v2/auth/device', body);
}

export function logout(): Promise<z.infer<typeof okResult>> {
  return api.post('/v2/auth/logout');
}

/** Ends the server session (failures only logged) and forgets the local one. */
export async function endSession(): Promise<void> {
  try {
    if (useAuthStore.getState().token) await logout();
  } catch (error) {
    console.warn('[auth] logout call failed', error);
  } finally {
    useAuthStore.getState().logout();
  }
}
