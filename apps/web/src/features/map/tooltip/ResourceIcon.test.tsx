import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResourceIcon } from './ResourceIcon';

describe('ResourceIcon (the icon file, else the built-in glyph)', () => {
  it('shows the file, and the glyph once the file fails to load', () => {
    render(<ResourceIcon src="/resource-icons/missing-in-test.svg" glyph="fire_truck" color="#f00" />);
    const img = screen.getByTestId('resource-icon-file');
    expect(img.getAttribute('src')).toBe('/resource-icons/missing-in-test.svg');
    expect(screen.queryByTestId('resource-icon-glyph')).toBeNull();
    fireEvent.error(img);
    expect(screen.queryByTestId('resource-icon-file')).toBeNull();
    expect(screen.getByTestId('resource-icon-glyph').textContent).toBe('fire_truck');
  });

  it('without a file the glyph is drawn at once', () => {
    render(<ResourceIcon src={null} glyph="flight" color="#00f" />);
    expect(screen.getByTestId('resource-icon-glyph').textContent).toBe('flight');
  });
});
