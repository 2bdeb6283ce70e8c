/**
 * Journey 7b: paying through Stripe, as a deployment does. The product runs with a Stripe key;
 * Stripe's API and Stripe.js are the local fake and its stand-in (Stripe is unreachable here),
 * which deliver signed webhooks to the product as Stripe would.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { definitionOf, expectText, expectVisible, launchedPerFile } from './journey';
import { signedInContext } from './session';

const browser = launchedPerFile();
const { url } = inject('stripeProduct');

/** Opens the card form and types a card into Stripe's (the stand-in's) field. */
async function typeCard(page: Page, number: string) {
  await page.getByRole('button', { name: 'Add a card' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a card' });
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('MM / YY').fill('12 / 34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Save card' }).click();
  return dialog;
}

/** Answers the 3-D Secure challenge Stripe.js shows. */
async function authenticate(page: Page, answer: 'Complete' | 'Fail') {
  const challenge = page.getByRole('dialog', { name: '3D Secure test page' });
  await challenge.getByRole('button', { name: answer }).click();
}

/** Buys a custom amount with the default card. */
async function buy(page: Page, dollars: number) {
  await page
    .getByRole('radiogroup', { name: 'Amount' })
    .getByRole('radio', { name: 'Custom', exact: true })
    .click();
  await page.getByLabel('Custom amount (USD)').fill(String(dollars));
  await page.getByRole('button', { name: `Buy $${dollars} of credits` }).click();
}

describe('paying through Stripe', () => {
  it('saves a card and buys $20 through 3-D Secure challenges; the balance and receipt follow', async () => {
    const { context } = await signedInContext(browser(), url, 'stripe');
    const page = await context.newPage();
    // What the page sends this product (not Stripe): never a card's number.
    const sentHere: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(url))
        sentHere.push(`${request.url()} ${request.postData() ?? ''}`);
    });
    const stripeScripts = () =>
      page.evaluate(
        () => [...document.scripts].filter((script) => script.src.endsWith('/stripe.js')).length,
      );
    // Stripe.js loads with the billing page only, in a document first opened elsewhere.
    await page.goto('/dashboard/overview');
    await expectVisible(page.getByRole('heading', { name: 'Overview', level: 1 }));
    expect(await stripeScripts()).toBe(0);
    await page.getByRole('link', { name: 'Billing', exact: true }).click();
    const balance = definitionOf(page, 'Current balance');
    await expectText(balance, '$5.00');
    await expect.poll(stripeScripts).toBe(1);

    // 4000 0027 6000 3184 asks for 3-D Secure on every payment the cardholder makes.
    const dialog = await typeCard(page, '4000 0027 6000 3184');
    await authenticate(page, 'Complete');
    await dialog.waitFor({ state: 'detached' });
    await expectVisible(page.getByText('Card saved'));
    await expectVisible(page.getByRole('button', { name: /Remove .*3184/ }));

    await buy(page, 20);
    await authenticate(page, 'Complete');
    await expectVisible(page.getByText('$20.00 added.', { exact: false }));
    await expectText(balance, '$25.00');
    const history = page.getByRole('table', { name: /credit/i });
    await expectText(history, /Purchased \$20\.00 of credit/);
    await history.getByRole('link', { name: /View receipt for \+?\$20\.00/ }).click();
    // The receipt page.
    await expectText(definitionOf(page, 'Paid with'), /3184/);
    await expectText(definitionOf(page, 'Status'), 'Paid');
    await expectText(definitionOf(page, 'Amount'), '$20.00 USD');
    // The PDF downloads as a file, and is one.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^parlance-receipt-pay_\w+\.pdf$/);
    expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');
    expect(sentHere.length).toBeGreaterThan(0);
    expect(sentHere.filter((sent) => sent.replace(/\D/g, '').includes('4000002760003184'))).toEqual(
      [],
    );
    await context.close();
  });

  it('a declined card, a failed challenge and a lost connection each say so, and book nothing', async () => {
    const { context } = await signedInContext(browser(), url, 'stripe-refused');
    const page = await context.newPage();
    await page.goto('/dashboard/billing');
    const balance = definitionOf(page, 'Current balance');
    await expectText(balance, '$5.00');

    const declined = await typeCard(page, '4000 0000 0000 0002');
    await expectText(declined.getByRole('alert'), 'Your card was declined.');
    await declined.getByRole('button', { name: 'Cancel' }).click();

    // Stripe unreachable from the browser: the card form says so.
    const stripeOrigin = new URL(
      (await page.evaluate(() =>
        [...document.scripts].map((script) => script.src).find((src) => src.includes('/v3/')),
      )) ?? '',
    ).origin;
    await page.route(`${stripeOrigin}/**`, (route) => route.abort('internetdisconnected'));
    const offline = await typeCard(page, '4242 4242 4242 4242');
    await expectText(offline.getByRole('alert'), 'Could not reach Stripe');
    await offline.getByRole('button', { name: 'Cancel' }).click();
    await page.unroute(`${stripeOrigin}/**`);

    const saved = await typeCard(page, '4000 0027 6000 3184');
    await authenticate(page, 'Complete');
    await saved.waitFor({ state: 'detached' });
    await buy(page, 10);
    await authenticate(page, 'Fail');
    // Said at the card it was paid with.
    await expectVisible(
      page
        .getByRole('form', { name: 'Buy credits' })
        .getByText(/unable to authenticate your payment method/),
    );
    await page.reload();
    await expectText(balance, '$5.00');
    const history = page.getByRole('table', { name: /credit/i });
    await expectText(history, /Welcome bonus/);
    expect(await history.getByText(/Purchased/).count()).toBe(0);
    await context.close();
  });

  it('auto top-up charges the saved card off-session once the balance is below its threshold', async () => {
    const { context } = await signedInContext(browser(), url, 'stripe-top-up');
    const page = await context.newPage();
    await page.goto('/dashboard/billing');
    const balance = definitionOf(page, 'Current balance');
    await expectText(balance, '$5.00');
    const dialog = await typeCard(page, '4242 4242 4242 4242');
    await dialog.waitFor({ state: 'detached' });

    const form = page.getByRole('form', { name: 'Auto top-up' });
    await form.getByLabel('When the balance falls below (USD)').fill('10');
    await form.getByLabel('Charge my default card (USD)').fill('25');
    await form.getByRole('button', { name: 'Turn on auto top-up' }).click();
    await expectVisible(page.getByText('Auto top-up is on'));
    // $5.00 is below $10.00: the server's sweep charges $25.00, and Stripe's webhook credits it.
    await expect
      .poll(
        async () => {
          await page.reload();
          return balance.innerText();
        },
        { timeout: 40_000, interval: 2_000 },
      )
      .toBe('$30.00');
    await expectText(page.getByRole('table', { name: /credit/i }), /Purchased \$25\.00 of credit/);
    await context.close();
  });
});
