/**
 * The messages' policy (000 §6): `Message` is the messages tab, `Message<type>` the conversation of that category
 * (1 and 2 are the ones a panel has without an event). Group MNG only views Message, Message1 and Message2. Every
 * other user manages Message, and the conversations the active event has (or 1 and 2 when no event is active).
 */
import { isMngUser, type AreaPolicy } from '../auth/permissions';

export const grantMessageRules: AreaPolicy = (can, { user, activeEvent }) => {
  if (isMngUser(user)) {
    can('view', ['Message', 'Message1', 'Message2']);
    return;
  }
  can('manage', 'Message');
  if (!activeEvent) can('manage', ['Message1', 'Message2']);
  else for (const conversation of activeEvent.conversations ?? []) can('manage', `Message${conversation.type}`);
};
