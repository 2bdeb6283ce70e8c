/** Journey 7: buying credits with Stripe's test cards, one that works and one that is declined. */
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { definitionOf, expectText, expectVisible, productOn, launchedPerFile } from './journey';
import { signedInContext } from './session';

const browser = launchedPerFile();

async function addCard(page: Page, number: string): Promise<void> {
  await page.getByRole('button', { name: 'Add a card' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a card' });
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await dialog.waitFor({ state: 'detached', timeout: 20_000 });
}

async function buy(page: Page, dollars: number, card: string): Promise<void> {
  await page
    .getByRole('radiogroup', { name: 'Amount' })
    .getByRole('radio', { name: `$${dollars}`, exact: true })
    .click();
  const payWith = page.getByLabel('Pay with');
  const option = payWith.getByRole('option', { name: new RegExp(`•••• ${card}`) });
  await payWith.selectOption({ label: (await option.textContent()) ?? card });
  await page.getByRole('button', { name: `Buy $${dollars} of credits` }).click();
}

const { url, backend } = productOn('postgres');

describe(`billing journey on ${backend}`, () => {
  it('buys credits with 4242 4242 4242 4242, then is declined with 4000 0000 0000 0002', async () => {
    const { context } = await signedInContext(browser(), url, 'billing');
    const page = await context.newPage();
    await page.goto('/dashboard/billing');
    const balance = definitionOf(page, 'Current balance');
    const history = page.getByRole('table', { name: /credit/i });
    await expectText(balance, '$5.00');

    await addCard(page, '4242 4242 4242 4242');
    await expectVisible(page.getByText('Card saved'));
    await buy(page, 10, '4242');
    await expectVisible(
      page.getByText('$10.00 added. Your balance is now $15.00', { exact: false }),
    );
    await expectText(balance, '$15.00');
    await expectText(history, /Purchased \$10\.00 of credit/);
    await expectText(history, /\+\$10\.00/);

    await addCard(page, '4000 0000 0000 0002');
    await buy(page, 25, '0002');
    await expectVisible(page.getByText('Your card was declined.'));
    // One toast at a time: the declined payment's replaced the purchase's.
    expect(await page.getByText('$10.00 added', { exact: false }).isVisible()).toBe(false);
    await expectText(balance, '$15.00');
    await page.reload();
    await expectText(balance, '$15.00');
    await expectText(history, /Purchased \$10\.00 of credit/);
    expect(await history.getByText(/\$25\.00/).count()).toBe(0);
    await context.close();
  });
});
