import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { renderUi } from '../../test/utils';
import { MessageBubble } from './MessageBubble';
import { makeMessage, stubMediaFetch } from './testMessages';

beforeEach(() => {
  stubMediaFetch();
  // jsdom has no WebGL: the panorama viewer falls back to the flat image
  HTMLCanvasElement.prototype.getContext = vi.fn(() => null) as never;
});

describe('MessageBubble', () => {
  it('X50: both thumbnails labelled Před / Po and "Porovnat" opens the comparison', async () => {
    const onOpen = vi.fn();
    renderUi(
      <MessageBubble
        message={makeMessage(1, { type: 'X50', media: ['a.jpg', 'b.jpg'] })}
        own={false}
        onOpen={onOpen}
      />,
    );
    expect(screen.getByText('Před')).toBeInTheDocument();
    expect(screen.getByText('Po')).toBeInTheDocument();
    expect(await screen.findAllByTestId('media-image')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Porovnat' }));
    expect(await screen.findByTestId('compare-dialog')).toBeInTheDocument();
    expect(await screen.findByRole('slider')).toHaveAttribute('aria-valuenow', '50');
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('X55: a 360° thumbnail opens the panorama viewer on the original file', async () => {
    renderUi(<MessageBubble message={makeMessage(1, { type: 'X55', media: ['p.jpg'] })} own={false} />);
    expect(screen.getByText('360°')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Otevřít panorama 360°' }));
    expect(await screen.findByTestId('panorama-viewer')).toBeInTheDocument();
    expect(vi.mocked(fetch).mock.calls.map((c) => c[0])).toContain('/v2/media/event/1/p.jpg');
  });

  it('links in the text are clickable, the rest stays text', () => {
    renderUi(<MessageBubble message={makeMessage(1, { content: 'Mapa https://mapy.cz/a tady' })} own={false} />);
    expect(screen.getByRole('link', { name: 'https://mapy.cz/a' })).toBeInTheDocument();
    expect(screen.getByText(/Mapa/)).toHaveTextContent('Mapa https://mapy.cz/a tady');
  });

  it('resolves the applied tag ids against the messageTags catalogue; a pending bubble shows none', () => {
    const def = (id: number, code: string, color: string) => ({
      id,
      code,
      name: `Štítek ${code}`,
      color,
      colorText: '#ffffff',
      tooltipActive: null,
      tooltipInactive: null,
      options: { canRemove: 0 as const },
      sort: 10 - id,
    });
    // catalogue order by sort: CONF (sort 7), ISV (8), FWD_2 (9); FWD_1 is the message's own conversation
    useEntitiesStore.getState().applyBundle({
      resetData: true,
      messageTags: [
        def(1, 'FWD_1', '#111111'),
        def(2, 'FWD_2', '#222222'),
        def(3, 'ISV', '#333333'),
        def(4, 'CONF', '#444444'),
      ],
    });
    const message = makeMessage(1, { tags: [{ id: 4, state: 1 }], data: { confirmedAt: '2025-01-01 10:02:00' } });
    const { unmount } = renderUi(<MessageBubble message={message} own={false} />);
    const chips = () =>
      [...document.querySelectorAll('[data-tag]')].map(
        (c) => `${c.getAttribute('data-tag')}:${c.getAttribute('data-state')}`,
      );
    expect(chips()).toEqual(['CONF:1', 'ISV:0', 'FWD_2:0']);
    expect(screen.getByText('Štítek CONF')).toBeInTheDocument();
    // the CONF tag shows the confirmation: no separate 'Potvrzeno' chip
    expect(screen.queryByText('Potvrzeno')).toBeNull();
    unmount();
    renderUi(<MessageBubble message={makeMessage(2)} own pending />);
    expect(chips()).toEqual([]);
  });
});
