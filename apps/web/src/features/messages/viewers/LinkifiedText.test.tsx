import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderUi } from '../../../test/utils';
import { LinkifiedText } from './LinkifiedText';

describe('LinkifiedText', () => {
  it('makes links clickable and opens them in the iframe modal titled with the link', async () => {
    const onBubble = vi.fn();
    renderUi(
      <p onClick={onBubble}>
        <LinkifiedText text="Poloha: https://mapy.cz/zakladni?x=14.49&y=50.1 u koleje 3." />
      </p>,
    );
    const link = screen.getByRole('link', { name: 'https://mapy.cz/zakladni?x=14.49&y=50.1' });
    expect(link).toHaveAttribute('href', 'https://mapy.cz/zakladni?x=14.49&y=50.1');
    expect(link.closest('p')).toHaveTextContent('Poloha: https://mapy.cz/zakladni?x=14.49&y=50.1 u koleje 3.');
    await userEvent.click(link);
    expect(onBubble).not.toHaveBeenCalled(); // the bubble does not open its context panel
    expect(screen.getByTestId('iframe-modal-frame')).toHaveAttribute('src', 'https://mapy.cz/zakladni?x=14.49&y=50.1');
    expect(screen.getByRole('dialog')).toHaveTextContent('https://mapy.cz/zakladni?x=14.49&y=50.1');
    expect(screen.getByText('Nahrávám')).toBeInTheDocument();
    fireEvent.load(screen.getByTestId('iframe-modal-frame'));
    expect(screen.queryByText('Nahrávám')).toBeNull();
  });

  it('never renders HTML from the text', () => {
    const { container } = renderUi(<LinkifiedText text={'<b>tučně</b> <img src=x onerror="alert(1)">'} />);
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('<b>tučně</b> <img src=x onerror="alert(1)">')).toBeInTheDocument();
  });

  it("a link to the panel's own origin opens in a new tab, never in the iframe modal", async () => {
    const own = `${window.location.origin}/udalosti/12`;
    renderUi(<LinkifiedText text={`Viz ${own} prosím`} />);
    const link = screen.getByRole('link', { name: own });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await userEvent.click(link);
    expect(screen.queryByTestId('iframe-modal-frame')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
