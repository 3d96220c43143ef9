/**
 * 'Odeslat do události' on the cadastre, rail image and train cards (001 §6, §9): a message to the active
 * event's operational conversation of type X25 / X24 / X23 with the card's text and coordinates; the rail image
 * also uploads its JPEG as media first. Shown only with update Event and a saved active event.
 */
import type { AppAbility } from '@panel/domain/auth';
import { texts } from '@panel/domain/locale';
import { sendMessage, uploadMedia } from '../../../api/messages';
import { useMessagesStore } from '../../../stores/messagesStore';
import type { ActiveEvent } from '../../../stores/useActiveEvent';
import { newUuid } from '../../../stores/uiStore';
import { toast } from '../../../ui/toasts';
import { attachmentFileName } from '../../messages/rules';
import { captureMessageBody, type CaptureSource } from './cardRules';

/** The capture buttons' rule: update Event on a saved active event. */
export function canCapture(ability: AppAbility, active: ActiveEvent): boolean {
  return active?.kind === 'saved' && active.event.id != null && ability.can('update', 'Event');
}

export interface CaptureInput {
  eventId: number;
  deviceCode: string;
  source: CaptureSource;
  /** the rail image JPEG */
  image?: Blob | null;
  now?: Date;
}

export async function sendCardCapture(input: CaptureInput): Promise<boolean> {
  try {
    const media: string[] = [];
    if (input.image) {
      const name = attachmentFileName(input.eventId, input.now ?? new Date(), input.deviceCode, 'jpg');
      const file = input.image.type ? input.image : new Blob([input.image], { type: 'image/jpeg' });
      const uploaded = await uploadMedia(input.eventId, name, file);
      media.push(uploaded?.fileName ?? name);
    }
    const saved = await sendMessage(
      captureMessageBody(input.source, input.eventId, newUuid(), media.length ? media : null),
    );
    if (saved && typeof saved === 'object' && 'id' in saved) useMessagesStore.getState().upsert([saved]);
    toast.success(texts.messages.sent);
    return true;
  } catch (error) {
    console.error('[cards] capture failed', error);
    toast.error(texts.messages.sendFailed);
    return false;
  }
}
