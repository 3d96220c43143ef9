/** Sends a message with attachments: uploads each file, then POST /v2/messages of type X22. */
import { MESSAGE_TYPES } from '@panel/domain/constants';
import { texts } from '@panel/domain/locale';
import { sendMessage, uploadMedia } from '../../api/messages';
import { useMessagesStore } from '../../stores/messagesStore';
import { toast } from '../../ui/toasts';
import { attachmentFileName, extensionOf } from './rules';

export interface AttachmentSend {
  uuid: string;
  eventId: number;
  messageCategoryId: number;
  deviceCode: string;
  content: string;
  files: File[];
  now?: Date;
}

/** 'sent', 'upload-failed' (files must be cleared) or 'send-failed'. */
export async function sendWithAttachments(input: AttachmentSend): Promise<'sent' | 'upload-failed' | 'send-failed'> {
  const base = (input.now ?? new Date()).getTime();
  const names: string[] = [];
  try {
    for (const [i, file] of input.files.entries()) {
      // one second apart so that files of one message never share a name
      const name = attachmentFileName(
        input.eventId,
        new Date(base + i * 1000),
        input.deviceCode,
        extensionOf(file.name),
      );
      const uploaded = await uploadMedia(input.eventId, name, file);
      names.push(uploaded?.fileName ?? name);
    }
  } catch (error) {
    console.error('[messages] upload failed', error);
    toast.error(texts.messages.uploadFailed);
    return 'upload-failed';
  }
  try {
    const saved = await sendMessage({
      uuid: input.uuid,
      eventId: input.eventId,
      content: input.content,
      messageCategoryId: input.messageCategoryId,
      type: MESSAGE_TYPES.ATTACHMENTS,
      media: names,
    });
    if (saved && typeof saved === 'object' && 'id' in saved) useMessagesStore.getState().upsert([saved]);
    toast.success(texts.messages.sent);
    return 'sent';
  } catch (error) {
    console.error('[messages] send failed', error);
    toast.error(texts.messages.sendFailed);
    return 'send-failed';
  }
}
