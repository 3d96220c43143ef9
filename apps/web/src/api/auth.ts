import type { DeviceSummary, LoginResponse } from '@panel/domain/auth';
import { useAuthStore } from '../stores/authStore';
import { api } from './client';

export function login(username: string, password: string): Promise<LoginResponse> {
  return api.post<LoginResponse>('/v2/auth/login', { username, password }, { anonymous: true });
}

export function confirmDevice(deviceId: number): Promise<{ result: boolean; device: DeviceSummary }> {
  return api.post('/v2/auth/device', { deviceId });
}

export function logout(): Promise<{ result: boolean }> {
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
