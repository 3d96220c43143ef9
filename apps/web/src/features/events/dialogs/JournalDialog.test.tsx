import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch, renderUi, resetStores } from '../../../test/utils';
import { JournalDialog } from './JournalDialog';
import { overviewHtml } from './Overview';

describe('JournalDialog', () => {
  beforeEach(() => resetStores());

  it('shows id, uuid, dates and the history rows', async () => {
    mockFetch({
      'GET /v2/events/journal/8': () => ({
        status: 200,
        body: {
          id: 8,
          uuid: 'abc-uuid',
          createdAt: '2026-01-02 10:00:00',
          insertedAt: '2026-01-02 10:00:01',
          startedAt: null,
          endedAt: null,
          history: [
            {
              id: 1,
              date: '2026-01-02 10:00:00',
              user: 'dispecer',
              device: 'X-COIS-02',
              type: 'event.create',
              table: 'events',
              data: { a: 1, at: '2026-01-02T09:00:00.000Z' },
            },
            {
              id: 2,
              date: '2026-01-02 11:30:00',
              user: 'admin',
              device: null,
              type: 'event.update',
              table: 'events',
              data: null,
            },
          ],
        },
      }),
    });
    renderUi(<JournalDialog eventId={8} onClose={() => undefined} />);
    expect(await screen.findByText('abc-uuid')).toBeInTheDocument();
    expect(screen.getAllByText('02.01.2026 10:00').length).toBeGreaterThan(0);
    expect(screen.getByText('event.create')).toBeInTheDocument();
    expect(screen.getByText('02.01.2026 11:30')).toBeInTheDocument();
    // the data column reads as fields, its UTC ISO time as Czech local time
    expect(screen.getByText('a: 1')).toBeInTheDocument();
    expect(screen.getByText('at: 02.01.2026 10:00')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('sanitizes the overview', () => {
    expect(overviewHtml('**a**<img src=x onerror=alert(1)>')).not.toContain('onerror');
    expect(overviewHtml('<table><tr><td>x</td></tr></table><script>1</script>')).not.toContain('script');
    expect(overviewHtml('**tučně**')).toContain('<strong>tučně</strong>');
  });
});
