/** Texts of the contacts area: the spec's from the domain catalogue (000 §2, §5, §8), ours marked there. */
import { SMS_MAX } from '@panel/domain/constants';
import { texts } from '@panel/domain/locale';

export const contactTexts = { ...texts.contacts, tab: texts.events.contactsTab } as const;
export const smsTexts = { ...texts.sms, max: SMS_MAX } as const;
