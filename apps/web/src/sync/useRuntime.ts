/**
 * Wires the background machinery to the auth state: clock, version check and online status always; the sync
 * engine once the device is confirmed; the push connection once the first bundle is loaded. Logging out
 * stops everything and forgets the data.
 */
import { useEffect } from 'react';
import { startAlerts } from '../features/alerts/alertService';
import { startAudioAutoplay } from '../features/messages/audioAutoplay';
import { useAppStore } from '../stores/appStore';
import { useAuthStore } from '../stores/authStore';
import { useMessagesStore } from '../stores/messagesStore';
import { ensureOutboxRunner, stopOutboxRunner } from '../stores/outboxStore';
import { useEntitiesStore } from '../stores/entitiesStore';
import { useUiStore } from '../stores/uiStore';
import { startClock, watchOnline } from './clock';
import { connectRealtime } from './realtime';
import { createSyncEngine } from './syncEngine';
import { startVersionCheck } from './versionCheck';

export const syncEngine = createSyncEngine();

export function useRuntime(): void {
  const token = useAuthStore((s) => s.token);
  const instance = useAuthStore((s) => s.instance);
  const deviceConfirmed = useAuthStore((s) => s.deviceConfirmed);
  const user = useAuthStore((s) => s.user);
  const loaded = useAppStore((s) => s.loaded);
  const baseUid = useEntitiesStore((s) => {
    const base = user?.baseId != null ? s.bases[user.baseId] : undefined;
    return base?.uid != null ? String(base.uid) : null;
  });
  const groupsKey = (user?.groups ?? []).join(',');

  useEffect(() => {
    const stops = [startClock(), startVersionCheck(), watchOnline()];
    return () => stops.forEach((stop) => stop());
  }, []);

  // the session is unusable without its instance (001 §4: logout when the auth instance is missing)
  useEffect(() => {
    if (token && !instance) useAuthStore.getState().logout();
  }, [token, instance]);

  useEffect(() => {
    if (!token || !deviceConfirmed) return;
    syncEngine.start();
    // messages typed while offline go out as soon as the panel runs, whatever tab is open
    ensureOutboxRunner();
    return () => {
      syncEngine.stop();
      // the outbox itself stays: its messages belong to this user and go out at the next login
      stopOutboxRunner();
      useMessagesStore.getState().clear();
      useEntitiesStore.getState().clear();
      useAppStore.getState().reset();
      useUiStore.getState().reset();
    };
  }, [token, deviceConfirmed]);

  // new incoming radio messages play by themselves once the data is there
  useEffect(() => {
    if (!token || !deviceConfirmed || !loaded) return;
    return startAudioAutoplay();
  }, [token, deviceConfirmed, loaded]);

  // notification queue, event and message alerts (issue 7)
  useEffect(() => (token && deviceConfirmed && loaded ? startAlerts() : undefined), [token, deviceConfirmed, loaded]);

  useEffect(() => {
    if (!token || !instance || !deviceConfirmed || !loaded) return;
    return connectRealtime({
      token,
      instance,
      baseUid,
      groups: groupsKey ? groupsKey.split(',') : [],
      onInvalidate: () => syncEngine.refresh(),
      onStatus: (realtimeStatus) => useAppStore.getState().set({ realtimeStatus }),
      onSessionEnded: () => useAuthStore.getState().logout(),
    });
  }, [token, instance, deviceConfirmed, loaded, baseUid, groupsKey]);
}
