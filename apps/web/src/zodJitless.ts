/**
 * zod compiles object parsers with `new Function` when it may; to find out it calls `Function('')` once. Under
 * the panel's Content-Security-Policy (no 'unsafe-eval', apps/server/src/http/securityHeaders.ts) that probe
 * is refused and reported as a violation. Jitless parsing needs no eval and is fast enough for our payloads.
 * Imported first by main.tsx, before any schema parses.
 */
import { z } from 'zod';

z.config({ jitless: true });
