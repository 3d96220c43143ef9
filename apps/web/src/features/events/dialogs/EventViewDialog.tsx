/**
 * Event view dialog (000 §2; max width 800): tabs main (overview, detail, mute, 'Zrušit připojení', KOPIS
 * simulation, alert, debug journal), linked events and the history chat (the event's whole conversation).
 */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Tab, Tabs } from '@mui/material';
import { FormControlLabel, Switch } from '@mui/material';
import { CATEGORY_CODES, EVENT_VIEW_DIALOG_MAX_WIDTH } from '@panel/domain/constants';
import { texts } from '@panel/domain/locale';
import { canRemoveParentLink, canUnlink } from '@panel/domain/events';
import type { Event } from '@panel/domain/sync';
import { simulateKopis } from '../eventWrites';
import { useAuthStore } from '../../../stores/authStore';
import { findEventByUuid, useEntitiesStore } from '../../../stores/entitiesStore';
import { useListStore } from '../../../stores/listStore';
import { useMuteStore } from '../../../stores/muteStore';
import { useUiStore } from '../../../stores/uiStore';
import { useAbility } from '../../../stores/useAbility';
import { toast } from '../../../ui/toasts';
import { EventReadOnly } from '../detail/EventReadOnly';
import { ReportButton } from '../../incidentReport/ReportButton';
import { ChatHistoryTab } from './ChatHistoryTab';
import { JournalDialog } from './JournalDialog';
import { LinkedEventsTab } from './LinkedEventsTab';
import { removeParentLink, unlinkRow } from './linkActions';
import { Overview } from './Overview';

export const VIEW_TEXTS = {
  main: 'Přehled', // ours
  linked: 'Propojené události', // ours
  history: 'Historie chatu', // ours
  mute: 'Ztlumit zvuky události', // ours
  simulate: 'Test KOPIS', // ours
  alert: 'Upozornění', // ours
  journal: 'Debug', // ours
  close: 'Zavřít', // ours
} as const;

function MainTab({ event }: { event: Event }) {
  const ability = useAbility();
  const user = useAuthStore((s) => s.user);
  const category = useEntitiesStore((s) => s.eventCategories[event.eventCategoryId]);
  const link = useEntitiesStore((s) => Object.values(s.eventToEvent).find((l) => l.sourceEventId === event.id));
  const muted = useMuteStore((s) => Boolean(s.muted[event.uuid]));
  const [journalFor, setJournalFor] = useState<number | null>(null);
  const ruleUser = { baseId: user?.baseId ?? null, groups: user?.groups };
  const parentRemovable = canRemoveParentLink(event, category);
  const unlinkable = event.parentId != null && link != null && canUnlink(ruleUser, category);
  const requestAlert = useUiStore((s) => s.requestAlert);

  const simulate = async () => {
    try {
      await simulateKopis();
    } catch {
      toast.error(texts.events.kopisTestFailed);
    }
  };

  return (
    <Stack spacing={1.5}>
      <Overview source={event.header?.overview?.value} />
      <EventReadOnly event={event} />
      <FormControlLabel
        control={<Switch checked={muted} onChange={() => useMuteStore.getState().toggleMute(event.uuid)} />}
        label={VIEW_TEXTS.mute}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {(parentRemovable || unlinkable) && (
          <Button
            variant="outlined"
            size="small"
            onClick={() => void (parentRemovable ? removeParentLink(event) : link && unlinkRow(link.id))}
          >
            {texts.events.cancelLink}
          </Button>
        )}
        {category?.code === CATEGORY_CODES.KOPIS && (
          <Button variant="outlined" size="small" onClick={() => void simulate()}>
            {VIEW_TEXTS.simulate}
          </Button>
        )}
        {event.alert?.title && (
          <Button variant="outlined" size="small" disabled={!requestAlert} onClick={() => requestAlert?.(event.uuid)}>
            {VIEW_TEXTS.alert}
          </Button>
        )}
        <ReportButton eventId={event.id} variant="button" />
        {ability.can('view', 'Debug') && event.id != null && (
          <Button variant="outlined" size="small" onClick={() => setJournalFor(event.id)}>
            {VIEW_TEXTS.journal}
          </Button>
        )}
      </Stack>
      <JournalDialog eventId={journalFor} onClose={() => setJournalFor(null)} />
    </Stack>
  );
}

export function EventViewDialog() {
  const uuid = useUiStore((s) => s.eventViewUuid);
  const close = useUiStore((s) => s.closeEventView);
  const live = useEntitiesStore((s) => findEventByUuid(s, uuid));
  // closed events are not in the synced data: the calendar's loaded day has them
  const fromCalendar = useListStore((s) => (uuid ? s.calendarEvents.find((e) => e.uuid === uuid) : undefined));
  const event = live ?? fromCalendar ?? null;
  const tab = useUiStore((s) => s.eventViewTab);
  const setTab = useUiStore((s) => s.setEventViewTab);
  return (
    <Dialog
      open={Boolean(uuid && event)}
      onClose={close}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: EVENT_VIEW_DIALOG_MAX_WIDTH } } }}
    >
      <DialogTitle>{event?.header?.title?.value || event?.code || ''}</DialogTitle>
      <Tabs value={tab} onChange={(_, v: number) => setTab(v)} sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab label={VIEW_TEXTS.main} />
        <Tab label={VIEW_TEXTS.linked} />
        <Tab label={VIEW_TEXTS.history} />
      </Tabs>
      <DialogContent>
        {event && tab === 0 && <MainTab event={event} />}
        {event && tab === 1 && <LinkedEventsTab event={event} />}
        {event && tab === 2 && <ChatHistoryTab event={event} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{VIEW_TEXTS.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
