/** zod schemas of the contact, SMS and message forms (000 §5), messages verbatim from the spec. */
import { z } from 'zod';
import { PHONE_LENGTH, SMS_MAX } from '../constants/index';
import { contacts, sms } from '../locale/texts/events';
import { messages } from '../locale/texts/messages';

export const contactFormSchema = z.object({
  name: z.string({ error: contacts.nameRequired }).trim().min(1, { error: contacts.nameRequired }),
  number: z
    .string({ error: contacts.nameRequired })
    .trim()
    .min(1, { error: contacts.nameRequired })
    .regex(/^\d+$/, { error: contacts.digitsOnly })
    .length(PHONE_LENGTH, { error: contacts.nineDigits }),
});
export type ContactForm = z.infer<typeof contactFormSchema>;

export const smsFormSchema = z.object({
  number: z.string().trim().length(PHONE_LENGTH, { error: contacts.nineDigits }),
  content: z
    .string({ error: sms.textRequired })
    .trim()
    .min(1, { error: sms.textRequired })
    .max(SMS_MAX, { error: sms.tooLong }),
});
export type SmsForm = z.infer<typeof smsFormSchema>;

/** Content is required only when there are no attachments. */
export const messageFormSchema = z
  .object({
    content: z.string().default(''),
    media: z.array(z.string()).nullable().default(null),
  })
  .refine((v) => v.content.trim().length > 0 || (v.media?.length ?? 0) > 0, {
    error: messages.contentRequired,
    path: ['content'],
  });
export type MessageForm = z.infer<typeof messageFormSchema>;
