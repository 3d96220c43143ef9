/** zod schema of the message form (000 §5), its message verbatim from the spec. */
import { z } from 'zod';
import { messageTexts } from './texts';

/** Content is required only when there are no attachments. */
export const messageFormSchema = z
  .object({
    content: z.string().default(''),
    media: z.array(z.string()).nullable().default(null),
  })
  .refine((v) => v.content.trim().length > 0 || (v.media?.length ?? 0) > 0, {
    error: messageTexts.contentRequired,
    path: ['content'],
  });
export type MessageForm = z.infer<typeof messageFormSchema>;
