import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '../../stores/authStore';
import { demoLogin, renderUi, resetStores } from '../../test/utils';
import { MessageBubble } from './MessageBubble';
import { makeMessage } from './testMessages';

beforeEach(() => {
  resetStores();
  useAuthStore.getState().login(demoLogin);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('x', { status: 200 })),
  );
  URL.createObjectURL = vi.fn(() => 'blob:media');
  URL.revokeObjectURL = vi.fn();
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
});
