/**
 * Auth state: token, session instance, user, device. Persisted in localStorage so a reload keeps the session
 * (the server session lives 3 days). Logging out clears it; the runtime then resets the other stores.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { AuthUser, DeviceSummary, LoginResponse } from '@panel/domain/auth';

export interface AuthState {
  token: string | null;
  instance: string | null;
  user: AuthUser | null;
  device: DeviceSummary | null;
  /** null when the login answer carried no list at all (the user must log in again) */
  devices: DeviceSummary[] | null;
  deviceConfirmed: boolean;
  login: (response: LoginResponse) => void;
  setDevice: (device: DeviceSummary) => void;
  logout: () => void;
}

const empty = {
  token: null,
  instance: null,
  user: null,
  device: null,
  devices: null,
  deviceConfirmed: false,
};

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      ...empty,
      login: (response) =>
        set({
          token: response.message,
          instance: response.instance,
          user: response.user,
          device: response.device ?? null,
          devices: Array.isArray(response.devices) ? response.devices : null,
          deviceConfirmed: false,
        }),
      setDevice: (device) => set({ device, deviceConfirmed: true }),
      logout: () => set({ ...empty }),
    }),
    {
      name: 'panel.auth',
      partialize: ({ token, instance, user, device, devices, deviceConfirmed }) => ({
        token,
        instance,
        user,
        device,
        devices,
        deviceConfirmed,
      }),
    },
  ),
);

export function fullName(user: Pick<AuthUser, 'firstName' | 'lastName' | 'username'> | null): string {
  if (!user) return '';
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name || user.username;
}
