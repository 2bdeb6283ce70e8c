/**
 * Receipts: each purchase's receipt names who it was billed to (the billing name, else the
 * account's name, as it stood when the purchase began) and its PDF (PDFKit) says the amount,
 * currency, card and date, in any script the embedded font covers. Read back with PDF.js (unpdf).
 */
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../src/db/schema/billing.js';
import { receiptDate } from '../src/billing/receiptPdf.js';
import { signUp, startServer, type ApiClient, type TestServer } from './helpers.js';

const VISA = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' };
const DECLINED = { ...VISA, number: '4000 0000 0000 0002' };
/** Latin with diacritics, a dash, Cyrillic and guillemets: none of them in a PDF's base fonts. */
const COMPANY = 'Zoë Łukasiewicz — ООО «Ромашка»';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

async function addCard(api: ApiClient, card = VISA): Promise<string> {
  const res = await api.post('/api/billing/payment-methods', card);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.paymentMethod.id;
}

async function buy(api: ApiClient, amount: number): Promise<string> {
  const res = await api.post('/api/billing/credits/purchase', { amount, currency: 'USD' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.paymentId;
}

/** The PDF's text, its title, and the answer's headers. */
async function pdfOf(api: ApiClient, paymentId: string) {
  const res = await fetch(`${server.url}/api/billing/receipts/${paymentId}/pdf`, {
    headers: { cookie: api.jar.header() ?? '' },
  });
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
  const pdf = await getDocumentProxy(bytes);
  const { text } = await extractText(pdf, { mergePages: true });
  const { info } = await getMeta(pdf);
  return { res, text, title: (info as { Title?: string }).Title };
}

describe('receipts', () => {
  it('makes a receipt out to the billing name, and its PDF says what was paid and how', async () => {
    const { api, user } = await signUp(server);
    await addCard(api);
    const named = await api.put('/api/billing/billing-name', { billingName: `  ${COMPANY} ` });
    expect(named.status).toBe(200);
    expect(named.body.billingName).toBe(COMPANY);
    const paymentId = await buy(api, 20);

    const { receipt } = (await api.get(`/api/billing/receipts/${paymentId}`)).body;
    expect(receipt).toMatchObject({
      id: paymentId,
      amount: '$20.00',
      currency: 'USD',
      method: 'Visa •••• 4242',
      status: 'succeeded',
      billedTo: { name: COMPANY, email: user.email },
    });

    const { res, text, title } = await pdfOf(api, paymentId);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="parlance-receipt-${paymentId}.pdf"`,
    );
    expect(title).toBe(`Receipt ${paymentId}`);
    for (const line of [
      'Receipt',
      `Receipt number ${paymentId}`,
      `Date paid ${receiptDate(receipt.date)}`,
      `Billed to ${COMPANY}`,
      `E-mail ${user.email}`,
      'Paid with Visa •••• 4242',
      'Amount paid $20.00 USD',
      `Credit transaction ${receipt.transactionId}`,
    ]) {
      expect(text.replace(/\s+/g, ' '), line).toContain(line);
    }
  });

  it('keeps the name a purchase was billed to; null or blank goes back to the account name', async () => {
    const { api, user } = await signUp(server);
    await addCard(api);
    const before = await buy(api, 5);
    expect((await api.get('/api/billing/info')).body.billingName).toBe(user.name);
    await api.put('/api/billing/billing-name', { billingName: 'Acme Ltd' });
    const after = await buy(api, 5);
    const billedTo = async (id: string) =>
      (await api.get(`/api/billing/receipts/${id}`)).body.receipt.billedTo.name;
    expect([await billedTo(before), await billedTo(after)]).toEqual([user.name, 'Acme Ltd']);
    expect((await pdfOf(api, before)).text).toContain(`Billed to ${user.name}`);

    for (const billingName of [null, '   ']) {
      const reset = await api.put('/api/billing/billing-name', { billingName });
      expect(reset.body.billingName).toBe(user.name);
    }
    const long = await api.put('/api/billing/billing-name', { billingName: 'x'.repeat(201) });
    expect([long.status, long.body.message]).toEqual([
      400,
      'billingName: The billing name is at most 200 characters',
    ]);
  });

  it('has no PDF for a purchase not paid, nor for another account', async () => {
    const { api, user } = await signUp(server);
    await addCard(api, DECLINED);
    const refused = await api.post('/api/billing/credits/purchase', {
      amount: 20,
      currency: 'USD',
    });
    expect(refused.status).toBe(402);
    const [failed] = await server.storage.db
      .select()
      .from(payments)
      .where(eq(payments.userId, user.id));
    const unpaid = await api.get(`/api/billing/receipts/${failed?.id}/pdf`);
    expect([unpaid.status, unpaid.body.code]).toEqual([409, 'receipt_not_paid']);

    const owner = await signUp(server);
    await addCard(owner.api);
    const theirs = await buy(owner.api, 5);
    expect((await api.get(`/api/billing/receipts/${theirs}/pdf`)).status).toBe(404);
    expect((await server.client().get(`/api/billing/receipts/${theirs}/pdf`)).status).toBe(401);
  });

  it('stops a loop of PDF downloads: 60 per 10 minutes for each account', async () => {
    const { api } = await signUp(server);
    await addCard(api);
    const paymentId = await buy(api, 5);
    const statuses = [];
    for (let i = 0; i < 61; i++) {
      statuses.push((await api.get(`/api/billing/receipts/${paymentId}/pdf`)).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(60);
    expect(statuses.at(-1)).toBe(429);
    // Another account is not held back by it.
    const other = await signUp(server);
    await addCard(other.api);
    expect((await pdfOf(other.api, await buy(other.api, 5))).res.status).toBe(200);
  });
});
