import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/utils';
import { AlertEscalationLine } from './AlertEscalationLine';

const alert = { title: 'Požár', subtitle: null, description: null };

describe('the escalation line of an alert card', () => {
  it('says nothing before the chain is planned', () => {
    renderUi(<AlertEscalationLine alert={alert} />);
    expect(screen.queryByTestId('alert-escalation')).toBeNull();
  });

  it('shows only what comes next while nothing happened yet', () => {
    renderUi(
      <AlertEscalationLine
        alert={{
          ...alert,
          escalation: { step: 0, taken: [], next: { step: 1, at: '2026-11-28 10:01:00' }, reason: null },
        }}
      />,
    );
    expect(screen.queryByTestId('alert-escalation-done')).toBeNull();
    expect(screen.getByTestId('alert-escalation-next').textContent).toBe('další: znovu zazní v 10:01:00');
  });

  it('lists the steps taken with their times, the reason, the SMS and the next step', () => {
    renderUi(
      <AlertEscalationLine
        alert={{
          ...alert,
          escalation: {
            step: 3,
            taken: [
              { step: 1, at: '2026-11-28 10:01:00', detail: null },
              { step: 2, at: '2026-11-28 10:02:01', detail: 'PHA nepřijala upozornění do 120 s' },
              { step: 3, at: '2026-11-28 10:03:00', detail: 'SMS na +420601123456' },
            ],
            next: null,
            reason: 'PHA nepřijala upozornění do 120 s',
          },
        }}
      />,
    );
    expect(screen.getByTestId('alert-escalation').getAttribute('data-step')).toBe('3');
    expect(screen.getByTestId('alert-escalation-done').textContent).toBe(
      'znovu zaznělo 10:01:00 · eskalováno na centrální dispečink 10:02:01 · odeslána SMS 10:03:00',
    );
    expect(screen.getByTestId('alert-escalation-reason').textContent).toBe('PHA nepřijala upozornění do 120 s');
    expect(screen.getByTestId('alert-escalation-sms').textContent).toBe('SMS na +420601123456');
    expect(screen.queryByTestId('alert-escalation-next')).toBeNull();
  });
});
