/** Content of one detail tab: a conversation, contacts, vehicles, the history, the form, or (mobile) the map. */
import { Box, CircularProgress } from '@mui/material';
import type { Event } from '@panel/domain/sync';
import { ContactsTab } from '../../contacts/ContactsTab';
import { ChatView } from '../../messages/ChatView';
import { LazyMapPage } from '../../map/LazyMapPage';
import { VehiclesTab } from '../../vehicles/VehiclesTab';
import { EventForm } from '../form/EventForm';
import { EventReadOnly } from './EventReadOnly';
import { HistoryTab } from './HistoryTab';
import type { DetailTab } from './eventTabs';

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
          <HistoryTab eventId={event.id} version={event.version} />
        </Box>
      );
    case 'external':
      return null;
    case 'map':
      return (
        <Box data-testid="event-map-tab" sx={{ position: 'relative', flex: '1 1 0', minHeight: 320 }}>
          {/* the map chunk loads only when the tab opens */}
          <LazyMapPage fallback={<CircularProgress sx={{ m: 2 }} />} />
        </Box>
      );
    default:
      return editable ? <EventForm event={event} /> : <EventReadOnly event={event} />;
  }
}
