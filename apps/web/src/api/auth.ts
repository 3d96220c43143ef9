import type { z } from 'zod';
import type {
  DeviceConfirmResponse,
  deviceConfirmSchema,
  IdentityResponse,
  LoginResponse,
  loginSchema,
} from '@panel/domain/auth';
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

/** GET /v2/auth/identity: who the session belongs to, as the server knows it now. */
export function fetchIdentity(): Promise<IdentityResponse> {
  return api.get<IdentityResponse>('/v2/auth/identity');
}

/**
 * 001 §6 "a user identity triggers fetching the identity at start": a panel started with a stored session takes
 * roles, groups and unit from the server, not from the copy saved at login (they may have changed since). A
 * refused session logs out (the client does on 401); any other failure keeps the stored copy (logged only).
 */
export async function refreshIdentity(): Promise<void> {
  const token = useAuthStore.getState().token;
  if (!token) return;
  try {
    const identity = await fetchIdentity();
    const auth = useAuthStore.getState();
    if (auth.token !== token) return; // logged out or in again meanwhile
    useAuthStore.setState({ user: identity.user, ...(identity.device ? { device: identity.device } : {}) });
  } catch (error) {
    console.warn('[auth] identity fetch failed', error);
  }
}
