import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { guidePictures, renderGuide } from './guide';

const guideFile = path.resolve(__dirname, '../../../docs/prirucka-dispecera.md');

describe('the dispatcher guide page', () => {
  const markdown = readFileSync(guideFile, 'utf8');

  it('renders the guide as a Czech page with its sections and a way back to the panel', () => {
    const html = renderGuide(markdown, () => true);
    expect(html).toContain('<html lang="cs">');
    expect(html).toContain('<title>Příručka dispečera – Panel HZS SŽ</title>');
    expect(html).toContain('<a href="/">← Zpět do panelu</a>');
    for (const section of ['Přihlášení a potvrzení zařízení', 'Nasazení techniky', 'Uzavření události']) {
      expect(html).toContain(section);
    }
    // no script: the panel's Content-Security-Policy applies to it as to every page
    expect(html).not.toMatch(/<script/i);
  });

  it('puts each picture beside the page, or its caption in a frame when the build has not got it', () => {
    const pictures = guidePictures(markdown);
    expect(pictures.length).toBeGreaterThanOrEqual(10);
    const first = pictures[0];
    const html = renderGuide(markdown, (file) => file === first);
    expect(html).toContain(`<img src="${first}"`);
    expect(html).not.toContain(`prirucka/${first}`);
    expect(html.match(/<figure class="missing">/g)).toHaveLength(pictures.length - 1);
  });
});
