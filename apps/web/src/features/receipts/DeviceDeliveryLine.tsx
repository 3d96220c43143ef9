/**
 * The device overview's delivery line (issue 25): a device's last delivery and how many deliveries it missed
 * today (not within 60 s). One GET /v2/receipts/devices serves every row of the dialog: the rows share a small
 * store that loads at most every 15 s.
 */
import { useEffect } from 'react';
import { Typography } from '@mui/material';
import { create } from 'zustand';
import { formatDateTime, fromWireTime } from '@panel/domain/locale';
import { receiptTexts as t, type DeviceDelivery } from '@panel/domain/receipts';
import { fetchDeviceDeliveries } from '../../api/receipts';

const FRESH_MS = 15_000;

interface DeliveriesState {
  byDevice: Record<number, DeviceDelivery>;
  loadedAt: number;
  loading: boolean;
  load: () => void;
}

export const useDeliveriesStore = create<DeliveriesState>((set, get) => ({
  byDevice: {},
  loadedAt: 0,
  loading: false,
  load: () => {
    const { loading, loadedAt } = get();
    if (loading || Date.now() - loadedAt < FRESH_MS) return;
    set({ loading: true });
    fetchDeviceDeliveries()
      .then((answer) =>
        set({
          byDevice: Object.fromEntries(answer.items.map((d) => [d.deviceId, d])),
          loadedAt: Date.now(),
          loading: false,
        }),
      )
      // the overview stays usable without the line; the next opening tries again
      .catch(() => set({ loading: false }));
  },
}));

export function DeviceDeliveryLine({ deviceId }: { deviceId: number }) {
  const load = useDeliveriesStore((s) => s.load);
  const d = useDeliveriesStore((s) => s.byDevice[deviceId]);
  useEffect(() => load(), [load]);
  if (!d) return null;
  return (
    <Typography variant="caption" component="div" color="text.secondary" data-testid="device-deliveries">
      {t.lastDelivery}: {d.lastDeliveryAt ? formatDateTime(fromWireTime(d.lastDeliveryAt)) : '—'}
      {d.missedToday > 0 && (
        <Typography component="span" variant="caption" color="error" sx={{ display: 'block', fontWeight: 600 }}>
          {t.missedToday}: {d.missedToday}
        </Typography>
      )}
    </Typography>
  );
}
