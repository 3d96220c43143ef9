import { describe, expect, it } from 'vitest';
import { JOB_STATUS_STYLE, MESSAGE_CATEGORY_STYLE } from '../features/events/head/headColors';
import { contrastOf, MIN_TEXT_CONTRAST, readableTextOn } from './contrast';

describe('readableTextOn', () => {
  it('keeps white where white is readable', () => {
    expect(readableTextOn('#1565c0')).toBe('#ffffff');
    expect(readableTextOn('#d32f2f')).toBe('#ffffff');
  });

  it('turns to black on light catalogue colours (amber tag, orange and red job statuses)', () => {
    expect(readableTextOn('#f9a825')).toBe('#000000');
    expect(readableTextOn('#ff9800')).toBe('#000000');
    expect(readableTextOn('#e53935')).toBe('#000000'); // white is 4.2:1 there, black 5.0:1
  });

  it("keeps the catalogue's own text colour when it is readable, and replaces it when not", () => {
    expect(readableTextOn('#fff3e0', '#bf360c')).toBe('#bf360c');
    expect(readableTextOn('#f9a825', '#ffffff')).toBe('#000000');
  });

  it('leaves colours it cannot read alone', () => {
    expect(readableTextOn('var(--x)', '#fff')).toBe('#fff');
    expect(contrastOf('#fff', 'not a colour')).toBeNull();
  });

  it('gives every job status and message category colour a text of at least 4.5:1', () => {
    for (const { color } of [...Object.values(JOB_STATUS_STYLE), ...Object.values(MESSAGE_CATEGORY_STYLE)]) {
      expect(contrastOf(readableTextOn(color), color), color).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });
});
