import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderUi } from '../test/utils';
import { IframeModal } from './IframeModal';

describe('IframeModal', () => {
  it('shows the page with its title and "Nahrávám" until the iframe has loaded', () => {
    renderUi(<IframeModal url="https://mapy.cz/zakladni?x=14.4" title="Mapa" onClose={() => {}} />);
    expect(screen.getByText('Mapa')).toBeInTheDocument();
    const frame = screen.getByTestId('iframe-modal-frame');
    expect(frame).toHaveAttribute('src', 'https://mapy.cz/zakladni?x=14.4');
    expect(frame).toHaveAttribute('title', 'Mapa');
    expect(screen.getByText('Nahrávám')).toBeInTheDocument();
    fireEvent.load(frame);
    expect(screen.queryByText('Nahrávám')).toBeNull();
    expect(screen.getByRole('link', { name: 'Otevřít v novém okně' })).toHaveAttribute('target', '_blank');
  });

  it('another page shows "Nahrávám" again; the title defaults to the url', () => {
    const { rerender } = renderUi(<IframeModal url="https://a.cz/" onClose={() => {}} />);
    fireEvent.load(screen.getByTestId('iframe-modal-frame'));
    expect(screen.queryByText('Nahrávám')).toBeNull();
    rerender(<IframeModal url="https://b.cz/" onClose={() => {}} />);
    expect(screen.getByText('https://b.cz/')).toBeInTheDocument();
    expect(screen.getByText('Nahrávám')).toBeInTheDocument();
  });

  it('closes with the close button; nothing renders without a url', async () => {
    const onClose = vi.fn();
    const { rerender } = renderUi(<IframeModal url="https://a.cz/" onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Zavřít' }));
    expect(onClose).toHaveBeenCalled();
    rerender(<IframeModal url={null} onClose={onClose} />);
    expect(screen.queryByTestId('iframe-modal-frame')).toBeNull();
  });

  it('a foreign page keeps its origin in the sandbox; a page of the panel origin runs without allow-same-origin', () => {
    const { rerender } = renderUi(<IframeModal url="https://mapy.cz/" onClose={() => {}} />);
    expect(screen.getByTestId('iframe-modal-frame').getAttribute('sandbox')?.split(' ')).toEqual(
      expect.arrayContaining(['allow-scripts', 'allow-same-origin']),
    );
    const own = `${window.location.origin}/v2/map/proxy?url=x`;
    rerender(<IframeModal url={own} onClose={() => {}} />);
    const frame = screen.getByTestId('iframe-modal-frame');
    expect(frame).toHaveAttribute('src', own);
    expect(frame.getAttribute('sandbox')?.split(' ')).toContain('allow-scripts');
    expect(frame.getAttribute('sandbox')?.split(' ')).not.toContain('allow-same-origin');
  });

  it.each(['javascript:alert(localStorage.token)', 'data:text/html,<script>alert(1)</script>', '/udalosti/1'])(
    '%s is never framed nor linked',
    (url) => {
      renderUi(<IframeModal url={url} onClose={() => {}} />);
      expect(screen.queryByTestId('iframe-modal-frame')).toBeNull();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.queryByRole('link', { name: 'Otevřít v novém okně' })).toBeNull();
    },
  );
});
