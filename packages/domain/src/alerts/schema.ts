/**
 * Sounds and speech, the server side of the panel's alerts (001 §7): the sound library, its mp3 files and
 * speech of a text. The server validates with these, the web infers its types from them.
 */
import { z } from 'zod';
import { binaryBody } from '../http';

/** One sound of the library. */
export const soundTypeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** what the sound is for (event, message, login …) */
  type: z.string(),
  /** ours: the file's path; 001 §7 names the file `{assets}/{id}.mp3`, so a client must not need it */
  url: z.string().optional(),
});

/** GET /v2/assets/sounds: the base URL of the files and the sounds. */
export const soundLibrarySchema = z.object({ assets: z.string(), types: z.array(soundTypeSchema) });
export type SoundType = z.infer<typeof soundTypeSchema>;
export type SoundLibrary = z.infer<typeof soundLibrarySchema>;

/** GET /v2/assets/sounds/files/{id}.mp3: the name is matched by the route (anything else is a 404). */
export const soundFileParams = z.object({ file: z.string() });

/** GET /tts/api?t={text}: several `t` are read as one text joined by spaces; the route checks emptiness, length. */
export const speechQuery = z.object({ t: z.union([z.string(), z.array(z.string())]).optional() });

/** Both answers are mp3 (mono, 22.05 kHz); 304 without a body when If-None-Match holds the ETag. */
export const mp3Body = binaryBody('audio/mpeg');
