import { describe, expect, it } from 'vitest';
import { journalDataLines } from './journalData';

describe('journalDataLines', () => {
  it('shows UTC ISO times as Czech local DD.MM.YYYY HH:mm (winter +1 h, summer +2 h)', () => {
    const lines = journalDataLines({
      startedAt: '2026-01-02T09:05:00.000Z',
      endedAt: '2026-07-15T22:30:00+00:00',
      subject: 'Požár lokomotivy',
    });
    expect(lines).toEqual(['startedAt: 02.01.2026 10:05', 'endedAt: 16.07.2026 00:30', 'subject: Požár lokomotivy']);
    expect(lines.join('\n')).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it('reads nested objects by a dotted path and lists of plain values on one line', () => {
    expect(journalDataLines({ job: { status: 17, at: '2026-03-01T12:00:00Z' }, tags: [1, 2], done: true })).toEqual([
      'job.status: 17',
      'job.at: 01.03.2026 13:00',
      'tags: 1, 2',
      'done: ano',
    ]);
  });

  it('a JSON text is read as its value; other text and nothing stay as they are', () => {
    expect(journalDataLines('{"a":null}')).toEqual(['a: —']);
    expect(journalDataLines('volný text')).toEqual(['volný text']);
    expect(journalDataLines(null)).toEqual([]);
    expect(journalDataLines({})).toEqual(['—']);
  });
});
