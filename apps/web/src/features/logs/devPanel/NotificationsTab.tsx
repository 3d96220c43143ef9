import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import type { Notification } from '../../alerts/notificationQueue';
import { cell, DataTable } from './DataTable';
import { JsonView } from './JsonView';
import { pushTestNotifications, useNotificationStore } from './testNotifications';
import { dt } from './texts';

const time = (ms: number | null) => (ms ? new Date(ms).toLocaleTimeString('cs-CZ') : '—');

/** 001 §2: flags, current sound, sound library, the queue table; add test items or remove all. */
export function NotificationsTab() {
  const items = useNotificationStore((s) => s.items);
  const stopped = useNotificationStore((s) => s.stopped);
  const paused = useNotificationStore((s) => s.paused);
  const current = useNotificationStore((s) => s.current);
  const library = useNotificationStore((s) => s.library);
  const currentItem = items.find((i) => i.key === current);
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Chip
          size="small"
          label={`${dt.stopped}: ${stopped ? 'ano' : 'ne'}`}
          color={stopped ? 'warning' : 'default'}
          onClick={() => useNotificationStore.getState().setStopped(!stopped)}
        />
        <Chip
          size="small"
          label={`${dt.paused}: ${paused ? 'ano' : 'ne'}`}
          color={paused ? 'warning' : 'default'}
          onClick={() => useNotificationStore.getState().setPaused(!paused)}
        />
        <Typography variant="body2" data-testid="devpanel-current-sound">
          {dt.currentSound}: {currentItem ? `${currentItem.code} ${currentItem.url ?? currentItem.tts ?? ''}` : dt.none}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Button size="small" variant="contained" onClick={() => pushTestNotifications()}>
          {dt.addTestNotifications}
        </Button>
        <Button size="small" variant="outlined" color="error" onClick={() => useNotificationStore.getState().clear()}>
          {dt.removeAll}
        </Button>
      </Stack>
      <DataTable<Notification>
        testId="devpanel-queue"
        rows={items}
        rowKey={(i) => i.key}
        columns={[
          { key: 'key', label: 'key', value: (i) => i.key },
          { key: 'method', label: 'method', value: (i) => i.method },
          { key: 'title', label: 'title', value: (i) => i.title },
          { key: 'code', label: 'code', value: (i) => i.code },
          { key: 'entity', label: 'model key', value: (i) => cell(i.entityKey) },
          { key: 'priority', label: 'priority', value: (i) => i.priority },
          { key: 'merge', label: 'merge', value: (i) => i.merge },
          { key: 'url', label: 'url', value: (i) => cell(i.url ?? i.tts) },
          { key: 'created', label: 'created', value: (i) => time(i.createdAt) },
          { key: 'processed', label: 'processed', value: (i) => time(i.processedAt) },
          { key: 'loops', label: 'loops', value: (i) => i.loops },
          { key: 'state', label: 'state', value: (i) => i.state },
        ]}
      />
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {dt.soundLibrary}
      </Typography>
      <JsonView value={library} />
    </Box>
  );
}
