/** zod schemas of the contact and SMS forms (000 §5), messages verbatim from the spec. */
import { z } from 'zod';
import { PHONE_LENGTH, SMS_MAX } from '../constants/index';
import { contactTexts, smsTexts } from './texts';

export const contactFormSchema = z.object({
  name: z.string({ error: contactTexts.nameRequired }).trim().min(1, { error: contactTexts.nameRequired }),
  number: z
    .string({ error: contactTexts.nameRequired })
    .trim()
    .min(1, { error: contactTexts.nameRequired })
    .regex(/^\d+$/, { error: contactTexts.digitsOnly })
    .length(PHONE_LENGTH, { error: contactTexts.nineDigits }),
});
export type ContactForm = z.infer<typeof contactFormSchema>;

export const smsFormSchema = z.object({
  number: z.string().trim().length(PHONE_LENGTH, { error: contactTexts.nineDigits }),
  content: z
    .string({ error: smsTexts.textRequired })
    .trim()
    .min(1, { error: smsTexts.textRequired })
    .max(SMS_MAX, { error: smsTexts.tooLong }),
});
export type SmsForm = z.infer<typeof smsFormSchema>;
