import { describe, expect, it } from 'vitest';
import { frameableUrl, frameSandbox, opensInNewTab } from './framePolicy';

const PANEL = 'https://panel.hzs.example';

describe('framePolicy', () => {
  it.each([
    ['https://mapy.cz/zakladni?x=14.4', true],
    ['http://intranet.example:8080/a', true],
    ['javascript:alert(localStorage.token)', false],
    ['JaVaScRiPt:alert(1)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['blob:https://panel.hzs.example/123', false],
    ['file:///etc/passwd', false],
    ['/v2/map/proxy?url=x', false],
    ['', false],
    [null, false],
  ])('frameableUrl(%s) → %s', (raw, ok) => {
    expect(frameableUrl(raw) !== null).toBe(ok);
  });

  it('allow-same-origin only for another origin than the panel', () => {
    const foreign = frameSandbox(new URL('https://mapy.cz/x'), PANEL);
    expect(foreign.split(' ')).toContain('allow-same-origin');
    expect(foreign.split(' ')).toContain('allow-scripts');
    const own = frameSandbox(new URL(`${PANEL}/v2/map/proxy?url=x`), PANEL);
    expect(own.split(' ')).not.toContain('allow-same-origin');
    // another port or scheme of the same host is another origin
    expect(frameSandbox(new URL('http://panel.hzs.example/x'), PANEL)).toContain('allow-same-origin');
  });

  it('message links to the panel open in a new tab; foreign ones and junk do not', () => {
    expect(opensInNewTab(`${PANEL}/udalosti/1`, PANEL)).toBe(true);
    expect(opensInNewTab('https://PANEL.hzs.example:443/x', PANEL)).toBe(true);
    expect(opensInNewTab('https://mapy.cz/', PANEL)).toBe(false);
    expect(opensInNewTab('javascript:alert(1)', PANEL)).toBe(false);
  });
});
