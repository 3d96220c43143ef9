/**
 * The demo's stand-in for the DŽIN application (issue 24 item 17). Category 17's DŽIN tab, the 'do aplikace
 * DŽIN' link and the DZIN_INPUT tag appear only when the settings carry a DŽIN page template; the real one is
 * `DZIN_EVENT_URL` (an outside application), which a demo has not. A demo server (`SEED=demo`) without it
 * points the template at this small page of its own, clearly marked as the demo's, so the flow can be tried.
 * It is public (a new browser tab sends no bearer token) and shows nothing but the code from its own URL.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { binaryBody } from '@panel/domain/http';

export const demoDzinTexts = {
  title: 'DŽIN — ukázková stránka dema',
  banner: 'Ukázka dema panelu, nejde o aplikaci DŽIN.',
  explain:
    'V provozu se zde otevře aplikace DŽIN (nastavení DZIN_EVENT_URL). Demo ukazuje jen, že panel otevřel stránku události:',
  paste: 'Obsah zprávy zkopírovaný štítkem DZIN_INPUT můžete vložit sem:',
} as const;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function demoDzinPage(code: string): string {
  const t = demoDzinTexts;
  return `<!doctype html>
<html lang="cs"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${t.title}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;color:#1b1b1b;background:#f5f5f5}
.banner{background:#b71c1c;color:#fff;padding:12px 20px;font-weight:600}
main{max-width:720px;margin:24px auto;padding:0 20px}
.code{font-size:28px;font-weight:700;margin:8px 0 24px}
textarea{width:100%;min-height:160px;box-sizing:border-box;font:inherit;padding:8px}
</style></head>
<body><div class="banner" role="note">${t.banner}</div>
<main><h1>${t.title}</h1><p>${t.explain}</p><div class="code" data-testid="dzin-demo-code">${escapeHtml(code)}</div>
<label for="obsah">${t.paste}</label><textarea id="obsah"></textarea></main></body></html>`;
}

// the demo's own page, not a wire contract of the panel: its one parameter is checked here
const params = z.object({ code: z.string().min(1).max(100) });

export default async function demoDzinRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/demo/dzin/:code',
    {
      config: { public: true },
      // hidden from the API description: a demo page, not a call of the API
      schema: { hide: true, params, response: { 200: binaryBody('text/html (the demo stand-in for DŽIN)') } },
    },
    async (request, reply) => {
      const { code } = request.params;
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(demoDzinPage(code));
    },
  );
}
