/** The data tabs of the developer panel: App, Events, Event, Msgs, Dvcs, Map, SapP. */
import { useState } from 'react';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import type { Event } from '@panel/domain/sync';
import { updateEvent } from '../../events/eventWrites';
import { ApiError, messageOf } from '../../../api/client';
import { useAppStore } from '../../../stores/appStore';
import { useAuthStore } from '../../../stores/authStore';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useSetupStore } from '../../../stores/setupStore';
import { useActiveEvent } from '../../../stores/useActiveEvent';
import { toast } from '../../../ui/toasts';
import { usePwaStore } from '../../../pwa/pwaStore';
import { useCardsStore } from '../../map/cards/cardsStore';
import { useMapStore } from '../../map/mapStore';
import { cell, DataTable } from './DataTable';
import { JsonView, plain } from './JsonView';
import { dt } from './texts';

export function AppTab() {
  const auth = useAuthStore();
  const app = useAppStore();
  const setup = useSetupStore();
  const pwa = usePwaStore();
  const { token, ...authRest } = plain(auth);
  return (
    <JsonView
      testId="devpanel-app"
      value={{
        auth: { ...authRest, token: typeof token === 'string' ? `${token.slice(0, 6)}…` : token },
        app: plain(app),
        setup: plain(setup),
        pwa: plain(pwa),
      }}
    />
  );
}

export function EventsTab() {
  const events = useEntitiesStore((s) => s.events);
  const rows = Object.values(events).sort((a, b) => (b.id ?? 0) - (a.id ?? 0));
  return (
    <DataTable<Event>
      testId="devpanel-events"
      rows={rows}
      rowKey={(e) => e.uuid}
      columns={[
        { key: 'id', label: 'id', value: (e) => cell(e.id) },
        { key: 'code', label: 'code', value: (e) => cell(e.code) },
        { key: 'uuid', label: 'uuid', value: (e) => cell(e.uuid) },
        { key: 'category', label: 'category', value: (e) => cell(e.eventCategoryId) },
        { key: 'state', label: 'state', value: (e) => cell(e.eventStateId) },
        { key: 'priority', label: 'priority', value: (e) => cell(e.priorityId) },
        { key: 'base', label: 'base', value: (e) => cell(e.baseId) },
        { key: 'train', label: 'trainNumber', value: (e) => cell(e.data?.trainNumber) },
        { key: 'version', label: 'version', value: (e) => cell(e.version) },
        { key: 'title', label: 'title', value: (e) => cell(e.header?.title?.value ?? e.address) },
      ]}
    />
  );
}

/** PUT /v2/events/{id} {data: {...data, trainNumber}, version}. */
export async function saveTrainNumber(event: Event, trainNumber: string): Promise<Event> {
  const data = { ...(event.data ?? {}), trainNumber: trainNumber.trim() || null };
  return updateEvent(event.id as number, { data }, event.version);
}

function TrainNumberForm({ event }: { event: Event }) {
  const [value, setValue] = useState(event.data?.trainNumber ?? '');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      const saved = await saveTrainNumber(event, value);
      if ((saved?.data?.trainNumber ?? '') === value.trim()) toast.success(dt.trainNumberSaved);
      else toast.warning(`${dt.trainNumber}: server hodnotu neuložil`); // ours
    } catch (error) {
      toast.error((error instanceof ApiError && messageOf(error.body)) || String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack
      direction="row"
      spacing={1}
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ mb: 1, alignItems: 'center' }}
    >
      <TextField size="small" label={dt.trainNumber} value={value} onChange={(e) => setValue(e.target.value)} />
      <Button type="submit" variant="outlined" size="small" disabled={busy || event.id === null}>
        {dt.setTrainNumber}
      </Button>
    </Stack>
  );
}

export function EventTab() {
  const active = useActiveEvent();
  if (!active) return <Typography variant="body2">{dt.noActiveEvent}</Typography>;
  return (
    <Box>
      {active.kind === 'saved' && <TrainNumberForm key={active.event.uuid} event={active.event} />}
      <JsonView testId="devpanel-event" value={active.event} />
    </Box>
  );
}

export function MsgsTab() {
  const messages = useEntitiesStore((s) => s.messages);
  const rows = Object.values(messages).sort((a, b) => b.id - a.id);
  return (
    <DataTable
      testId="devpanel-messages"
      rows={rows}
      rowKey={(m) => m.id}
      columns={[
        { key: 'id', label: 'id', value: (m) => cell(m.id) },
        { key: 'event', label: 'eventId', value: (m) => cell(m.eventId) },
        { key: 'cat', label: 'category', value: (m) => cell(m.messageCategoryId) },
        { key: 'type', label: 'type', value: (m) => cell(m.type) },
        { key: 'created', label: 'createdAt', value: (m) => cell(m.createdAt) },
        { key: 'content', label: 'content', value: (m) => cell(m.content?.slice(0, 120)) },
      ]}
    />
  );
}

export function DvcsTab() {
  const devices = useEntitiesStore((s) => s.devices);
  const rows = Object.values(devices) as unknown as Record<string, unknown>[];
  return (
    <DataTable
      testId="devpanel-devices"
      rows={rows}
      rowKey={(d) => String(d.id)}
      columns={[
        { key: 'id', label: 'id', value: (d) => cell(d.id) },
        { key: 'code', label: 'code', value: (d) => cell(d.code) },
        { key: 'name', label: 'name', value: (d) => cell(d.name) },
        { key: 'base', label: 'baseId', value: (d) => cell(d.baseId) },
        { key: 'type', label: 'type', value: (d) => cell(d.type ?? d.deviceTypeId) },
      ]}
    />
  );
}

interface NamedLayer {
  get: (key: string) => unknown;
  getVisible: () => boolean;
  setVisible: (visible: boolean) => void;
}

/** The base layers of the map: 'offline-base' and every 'base-*'. */
export function baseLayers(): NamedLayer[] {
  const map = (window as unknown as { __panelMap?: { getLayers: () => { getArray: () => NamedLayer[] } } }).__panelMap;
  if (!map) return [];
  return map
    .getLayers()
    .getArray()
    .filter((layer) => {
      const name = layer.get('name');
      return typeof name === 'string' && (name === 'offline-base' || name.startsWith('base-'));
    });
}

/** Hides the base layers when one is visible, else shows them; returns the new visibility. */
export function toggleBaseLayers(): boolean | null {
  const layers = baseLayers();
  if (!layers.length) return null;
  const visible = !layers.some((l) => l.getVisible());
  layers.forEach((l) => l.setVisible(visible));
  return visible;
}

export function MapTab() {
  const map = useMapStore();
  const [hidden, setHidden] = useState(() => baseLayers().length > 0 && !baseLayers().some((l) => l.getVisible()));
  return (
    <Box>
      <Button
        size="small"
        variant="outlined"
        sx={{ mb: 1 }}
        onClick={() => {
          const visible = toggleBaseLayers();
          if (visible === null) toast.info(dt.noMap);
          else setHidden(!visible);
        }}
      >
        {hidden ? dt.showBaseLayer : dt.hideBaseLayer}
      </Button>
      <JsonView testId="devpanel-map" value={plain(map)} />
    </Box>
  );
}

export function SapPTab() {
  const explore = useCardsStore((s) => s.explore);
  const kind = useCardsStore((s) => s.kind);
  const lonLat = useCardsStore((s) => s.lonLat);
  if (!explore) return <Typography variant="body2">{dt.noExplore}</Typography>;
  return <JsonView testId="devpanel-sapp" value={{ kind, lonLat, explore }} />;
}
