/** Content of one detail tab: the chat of a conversation; contacts and resources are slots the later issues fill. */
import { Box, Typography } from '@mui/material';
import type { Event } from '@panel/domain/sync';
import { ContactsTab } from '../../contacts/ContactsTab';
import { ChatView } from '../../messages/ChatView';
import { VehiclesTab } from '../../vehicles/VehiclesTab';
import { EventForm } from '../form/EventForm';
import { JournalTable } from '../dialogs/JournalTable';
import { useJournal } from '../dialogs/useJournal';
import { EventReadOnly } from './EventReadOnly';
import type { DetailTab } from './eventTabs';

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
    default:
      return editable ? <EventForm event={event} /> : <EventReadOnly event={event} />;
  }
}
