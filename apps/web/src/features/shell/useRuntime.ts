/**
 * Wires what runs before and around a session: clock, version check and online status always, and the rule that
 * a session without its instance is logged out. The session's own machinery (sync, push, alerts) is
 * `SessionRuntime`, loaded after login.
 */
import { useEffect } from 'react';
import { refreshIdentity } from '../../api/auth';
import { useAuthStore } from '../../stores/authStore';
import { startClock, watchOnline } from './clock';
import { startVersionCheck } from './versionCheck';

export function useRuntime(): void {
  const token = useAuthStore((s) => s.token);
  const instance = useAuthStore((s) => s.instance);

  useEffect(() => {
    const stops = [startClock(), startVersionCheck(), watchOnline()];
    // a stored session: fetch the identity at start (001 §6)
    void refreshIdentity();
    return () => stops.forEach((stop) => stop());
  }, []);

  // the session is unusable without its instance (001 §4: logout when the auth instance is missing)
  useEffect(() => {
    if (token && !instance) useAuthStore.getState().logout();
  }, [token, instance]);
}
