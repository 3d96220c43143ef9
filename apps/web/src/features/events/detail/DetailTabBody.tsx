/** Content of one detail tab: a conversation, contacts, vehicles, the journal, the form, or (mobile) the map. */
import { lazy, Suspense } from 'react';
import { Box, CircularProgress, Typography } from '@mui/material';
import type { Event } from '@panel/domain/sync';
import { ContactsTab } from '../../contacts/ContactsTab';
import { ChatView } from '../../messages/ChatView';
import { VehiclesTab } from '../../vehicles/VehiclesTab';
import { EventForm } from '../form/EventForm';
import { JournalTable } from '../dialogs/JournalTable';
import { useJournal } from '../dialogs/useJournal';
import { EventReadOnly } from './EventReadOnly';
import type { DetailTab } from './eventTabs';

// the map chunk loads only when the tab opens
const MapPage = lazy(() => import('../../map/MapPage'));

function HistoryTab({ eventId }: { eventId: number | null }) {
  const { journal, error } = useJournal(eventId);
  if (error) return <Typography color="error">{error}</Typography>;
  return <JournalTable rows={journal?.history ?? []} />;
}

export function DetailTabBody({ tab, event, editable }: { tab: DetailTab; event: Event; editable: boolean }) {
  switch (tab.kind) {
    case 'messages':
      return <ChatView event={event} messageCategoryId={tab.messageCategoryId} />;
    case 'contacts':
      return <ContactsTab event={event} />;
    case 'resources':
      return <VehiclesTab event={event} />;
    case 'history':
      return (
        <Box sx={{ p: 1, overflowX: 'auto' }}>
          <HistoryTab eventId={event.id} />
        </Box>
      );
    case 'external':
      return null;
    case 'map':
      return (
        <Box data-testid="event-map-tab" sx={{ position: 'relative', height: 'calc(100vh - 230px)', minHeight: 320 }}>
          <Suspense fallback={<CircularProgress sx={{ m: 2 }} />}>
            <MapPage />
          </Suspense>
        </Box>
      );
    default:
      return editable ? <EventForm event={event} /> : <EventReadOnly event={event} />;
  }
}
