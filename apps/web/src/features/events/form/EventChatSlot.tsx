import { Box } from '@mui/material';

/** Where the event chat goes (the messages issue fills it). */
export function EventChatSlot({ eventUuid, categoryId }: { eventUuid: string; categoryId?: number }) {
  return <Box data-testid="event-chat-slot" data-event={eventUuid} data-category={categoryId} />;
}
