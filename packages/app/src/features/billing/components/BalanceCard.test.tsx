import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { billingInfoFixture, paymentMethodsFixture } from '@parlance/mocks/fixtures/billing';
import { renderWithProviders } from '../../../test/render';
import { BalanceCard } from './BalanceCard';

function renderCard() {
  // Resolves with no refusal, as for a purchase the server took.
  const onBuy = vi.fn().mockResolvedValue(undefined);
  renderWithProviders(
    <BalanceCard
      info={{
        data: billingInfoFixture,
        loading: false,
        error: null,
        retrying: false,
        onRetry: () => undefined,
      }}
      cards={paymentMethodsFixture}
      buying={false}
      onBuy={onBuy}
      onAddCard={() => undefined}
    />,
  );
  return onBuy;
}

describe('BalanceCard', () => {
  it('names a custom amount to the whole cent the server charges', async () => {
    const onBuy = renderCard();
    await userEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('Custom amount (USD)'), { target: { value: '12.5' } });
    await userEvent.click(screen.getByRole('button', { name: 'Buy $12.50 of credits' }));
    expect(onBuy).toHaveBeenCalledWith(12.5, paymentMethodsFixture[0]);
  });

  it('keeps the plain label for an amount too large to show exactly, and still asks the server', async () => {
    const onBuy = renderCard();
    await userEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('Custom amount (USD)'), { target: { value: '1e30' } });
    await userEvent.click(screen.getByRole('button', { name: 'Buy credits' }));
    expect(onBuy).toHaveBeenCalledWith(1e30, paymentMethodsFixture[0]);
  });
});
