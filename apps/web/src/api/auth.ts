import type { z } from 'zod';
import type {
  DeviceConfirmResponse,
  deviceConfirmSchema,
  IdentityResponse,
  LoginResponse,
  loginSchema,
  LoginUnlockResponse,
  loginUnlockSchema,
} from '@panel/domain/auth';
import type { okResult } from '@panel/domain/http';
import { useAuthStore } from '../stores/authStore';
import { api } from './client';

/**
 * The workstation's trust token per account (issue 24 item 9): handed out when this browser confirms a device and
 * sent with the account's next logins, so strangers' failed logins never lock this workstation out. Kept in local
 * storage (it survives logout; it is no session: alone it opens nothing, the password is still checked).
 */
const trustKey = (username: string) => `panel.loginTrust.${username.trim().toLowerCase()}`;

function readTrust(username: string): string | undefined {
  try {
    return localStorage.getItem(trustKey(username)) ?? undefined;
  } catch {
    return undefined; // storage blocked: the login works without it
  }
}

export function login(username: string, password: string): Promise<LoginResponse> {
  const trustToken = readTrust(username);
  const body: z.input<typeof loginSchema> = { username, password, ...(trustToken ? { trustToken } : {}) };
  return api.post<LoginResponse>('/v2/auth/login', body, { anonymous: true });
}

export async function confirmDevice(deviceId: number): Promise<DeviceConfirmResponse> {
  const body: z.input<typeof deviceConfirmSchema> = { deviceId };
  const answer = await api.post<DeviceConfirmResponse>('/v2/auth/device', body);
  const username = useAuthStore.getState().user?.username;
  try {
    if (username && answer?.trustToken) localStorage.setItem(trustKey(username), answer.trustToken);
  } catch {
    // storage blocked or full: only the throttle's trust is lost
  }
  return answer;
}

/** POST /v2/auth/unlock: an administrator lifts an account's login throttle. */
export function unlockLogin(username: string): Promise<LoginUnlockResponse> {
  const body: z.input<typeof loginUnlockSchema> = { username };
  return api.post<LoginUnlockResponse>('/v2/auth/unlock', body);
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
