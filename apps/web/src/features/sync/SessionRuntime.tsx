/**
 * The session's machinery, loaded after login with the main panel (App renders it once the device is
 * confirmed): the sync engine and the outbox, then, once the first bundle is loaded, audio autoplay, alerts and
 * the push connection. Logging out unmounts it: everything stops and the data are forgotten.
 */
import { useEffect } from 'react';
import { startAlerts } from '../alerts/alertService';
import { startAudioAutoplay } from '../messages/audioAutoplay';
import { startPushLinks } from '../webPush/openFromPush';
import { startWebPush } from '../webPush/webPushService';
import { useAppStore } from '../../stores/appStore';
import { useAuthStore } from '../../stores/authStore';
import { useMessagesStore } from '../../stores/messagesStore';
import { ensureOutboxRunner, stopOutboxRunner } from '../../stores/outboxStore';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { useUiStore } from '../../stores/uiStore';
import { connectRealtime } from './realtime';
import { syncEngine } from './syncEngine';

export default function SessionRuntime(): null {
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

  // Web Push for a closed or background panel (issue 25): the one question or a quiet (re)subscription, and the
  // notification clicks that open an event
  useEffect(() => (token && deviceConfirmed && loaded ? startWebPush() : undefined), [token, deviceConfirmed, loaded]);
  useEffect(
    () => (token && deviceConfirmed && loaded ? startPushLinks() : undefined),
    [token, deviceConfirmed, loaded],
  );

  useEffect(() => {
    if (!token || !instance || !deviceConfirmed || !loaded) return;
    return connectRealtime({
      token,
      instance,
      baseUid,
      groups: groupsKey ? groupsKey.split(',') : [],
      onInvalidate: () => syncEngine.refresh(),
      onDelta: (payload) => syncEngine.applyPushed(payload),
      onStatus: (realtimeStatus, error) =>
        useAppStore.getState().set({
          realtimeStatus,
          // a failure's message stays while reconnecting; a connection clears it
          realtimeError: realtimeStatus === 'connected' ? null : (error ?? useAppStore.getState().realtimeError),
        }),
      onSessionEnded: () => useAuthStore.getState().logout(),
    });
  }, [token, instance, deviceConfirmed, loaded, baseUid, groupsKey]);
  return null;
}
