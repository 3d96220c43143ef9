/**
 * The dispatcher's quick guide at /prirucka/ (issue 24 item 21): docs/prirucka-dispecera.md rendered at build time
 * into a static page beside the panel, with the pictures the guide journey (e2e/tests/guide.spec.ts) took into
 * docs/prirucka/. A static page, not a screen of the panel: it opens in its own tab from the user card, prints,
 * and needs no session, so a dispatcher can read it before logging in. The pictures are not committed; a build
 * without them shows each picture's caption in a frame instead (a clone that never ran the journey).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { marked } from 'marked';
import type { Plugin } from 'vite';

export const GUIDE_DIR = 'prirucka';
const PICTURE = /<img src="prirucka\/([^"]+)" alt="([^"]*)"\s*\/?>/g;

const STYLE = `body{font-family:Roboto,Arial,sans-serif;line-height:1.55;color:#1b1f24;margin:0;background:#f4f5f7}
main{max-width:960px;margin:0 auto;padding:1.5rem 1.25rem 4rem;background:#fff}
h1{font-size:1.9rem;margin-top:.5rem}h2{margin-top:2.5rem;border-bottom:1px solid #dde1e6;padding-bottom:.3rem}
nav{font-size:.95rem}a{color:#0d47a1}
figure{margin:1rem 0 1.5rem}figure img{width:100%;height:auto;border:1px solid #c9ced6;border-radius:4px}
figcaption{font-size:.9rem;color:#4a525c;margin-top:.35rem}
figure.missing{border:1px dashed #9aa3ad;border-radius:4px;padding:2rem 1rem;text-align:center}
@media print{nav{display:none}main{max-width:none;padding:0}figure{break-inside:avoid}}
`;

/** The guide's markdown as a whole HTML page; `hasPicture` tells which pictures the build carries. */
export function renderGuide(markdown: string, hasPicture: (file: string) => boolean): string {
  const body = (marked.parse(markdown, { async: false }) as string).replace(
    PICTURE,
    (_all, file: string, alt: string) =>
      hasPicture(file)
        ? `<figure><img src="${file}" alt="${alt}" loading="lazy"><figcaption>${alt}</figcaption></figure>`
        : `<figure class="missing"><figcaption>${alt}</figcaption></figure>`,
  );
  const title = /^#\s+(.+)$/m.exec(markdown)?.[1] ?? 'Příručka';
  return `<!doctype html>
<html lang="cs"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} – Panel HZS SŽ</title><link rel="stylesheet" href="guide.css"></head>
<body><main><nav><a href="/">← Zpět do panelu</a></nav>
${body}</main></body></html>
`;
}

/** The pictures a guide names, in its order. */
export function guidePictures(markdown: string): string[] {
  return [...markdown.matchAll(/!\[[^\]]*\]\(prirucka\/([^)]+)\)/g)].map((m) => m[1]);
}

/** Emits prirucka/index.html, guide.css and the pictures found in `docsDir/prirucka`. */
export function guide(docsDir: string): Plugin {
  return {
    name: 'panel-guide',
    apply: 'build',
    generateBundle() {
      const markdown = readFileSync(path.join(docsDir, 'prirucka-dispecera.md'), 'utf8');
      const pictures = path.join(docsDir, GUIDE_DIR);
      const present = new Set(guidePictures(markdown).filter((file) => existsSync(path.join(pictures, file))));
      for (const file of present) {
        this.emitFile({
          type: 'asset',
          fileName: `${GUIDE_DIR}/${file}`,
          source: readFileSync(path.join(pictures, file)),
        });
      }
      this.emitFile({ type: 'asset', fileName: `${GUIDE_DIR}/guide.css`, source: STYLE });
      this.emitFile({
        type: 'asset',
        fileName: `${GUIDE_DIR}/index.html`,
        source: renderGuide(markdown, (file) => present.has(file)),
      });
    },
  };
}
