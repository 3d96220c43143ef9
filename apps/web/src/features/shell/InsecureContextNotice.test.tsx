import { screen, waitForElementToBeRemoved } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/utils';
import { INSECURE_NOTICE_KEY, InsecureContextNotice } from './InsecureContextNotice';

const TEXT =
  'Panel je otevřen přes nezabezpečené spojení (HTTP). Vysílačka, kamera, schránka a aktualizace aplikace fungují jen přes HTTPS.';

describe('InsecureContextNotice', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('says in Czech that the radio, camera, clipboard and updates need HTTPS when the page is not secure', () => {
    vi.stubGlobal('isSecureContext', false);
    renderUi(<InsecureContextNotice />);
    expect(screen.getByTestId('insecure-context-notice')).toHaveTextContent(TEXT);
  });

  it('shows nothing in a secure context (HTTPS, localhost)', () => {
    vi.stubGlobal('isSecureContext', true);
    renderUi(<InsecureContextNotice />);
    expect(screen.queryByTestId('insecure-context-notice')).not.toBeInTheDocument();
  });

  it('is said once: closed, it stays closed in this tab, also after the panel renders again', async () => {
    const first = renderUi(<InsecureContextNotice secure={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Zavřít' }));
    await waitForElementToBeRemoved(() => screen.queryByText(TEXT)); // after the Snackbar's exit transition
    expect(sessionStorage.getItem(INSECURE_NOTICE_KEY)).toBe('1');
    first.unmount();
    renderUi(<InsecureContextNotice secure={false} />);
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
  });
});
