/**
 * Linking (000 §4, §6, §8): link to a parent ('Připojeno'), remove a parent link (DZIN-CALL: state 1,
 * parentId null) and unlink a link row ('Požadavek odeslán'; group COIS and the category rule).
 */
import { ACTIVE_STATE } from '@panel/domain/constants';
import { texts } from '@panel/domain/locale';
import type { Event } from '@panel/domain/sync';
import { ApiError } from '../../../api/client';
import { linkEvents, unlinkEvents, updateEvent } from '../eventWrites';
import { toast } from '../../../ui/toasts';
import { errorText } from '../actions/errors';

export async function linkToParent(event: Pick<Event, 'id'>, target: Pick<Event, 'id'>): Promise<boolean> {
  if (event.id == null || target.id == null) return false;
  try {
    await linkEvents(event.id, target.id);
    toast.success(texts.events.linked);
    return true;
  } catch (error) {
    toast.error(error instanceof ApiError && error.status === 404 ? texts.events.linkTargetMissing : errorText(error));
    return false;
  }
}

export async function removeParentLink(event: Pick<Event, 'id'>): Promise<void> {
  if (event.id == null) return;
  try {
    await updateEvent(event.id, { parentId: null, eventStateId: ACTIVE_STATE });
    toast.success(texts.events.requestSent);
  } catch (error) {
    toast.error(texts.events.saveFailed(errorText(error)));
  }
}

export async function unlinkRow(linkId: number): Promise<void> {
  try {
    await unlinkEvents(linkId);
    toast.success(texts.events.requestSent);
  } catch (error) {
    toast.error(errorText(error));
  }
}
