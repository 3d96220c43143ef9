/**
 * Zod's own messages (wrong type, too short …) in Czech: every 422 the server answers and every form message
 * a user reads is Czech, also where a schema gives no message of its own. A global setting of zod, made once
 * by importing `@panel/domain/http` (the server's error handler and the web forms both do).
 */
import { z } from 'zod';

z.config(z.locales.cs());
