import type {
  CreditTransaction,
  PaymentMethod,
  PurchaseResponse,
  Receipt,
} from '@parlance/contract';
import type { LedgerEntry, PaymentMethodRow, PaymentRow } from '../db/schema/billing.js';
import { formatUsd } from './money.js';
import { describeCard, type PurchaseResult } from './purchases.js';

/** Database rows → the contract's shapes. */

export const toPaymentMethod = (row: PaymentMethodRow): PaymentMethod => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  isDefault: row.isDefault,
  createdAt: row.createdAt.toISOString(),
});

export const toReceipt = (payment: PaymentRow, transactionId: string | null): Receipt => ({
  id: payment.id,
  transactionId,
  amountMicros: payment.amountMicros,
  amount: formatUsd(payment.amountMicros),
  currency: 'USD',
  method: describeCard(payment.methodBrand, payment.methodLast4),
  billedTo: { name: payment.billedToName, email: payment.billedToEmail },
  date: payment.updatedAt.toISOString(),
  status: payment.status,
});

export const toTransaction = (
  entry: LedgerEntry,
  payment: PaymentRow | undefined,
): CreditTransaction => ({
  id: entry.id,
  kind: entry.kind,
  amountMicros: entry.amountMicros,
  amount: formatUsd(entry.amountMicros),
  balanceAfterMicros: entry.balanceAfterMicros,
  description: entry.description,
  reference: entry.reference,
  audioSeconds: entry.audioSeconds,
  model: entry.model,
  createdAt: entry.createdAt.toISOString(),
  receipt: payment ? toReceipt(payment, entry.id) : null,
});

export function toPurchaseResponse(result: PurchaseResult): PurchaseResponse {
  if (result.status !== 'succeeded') return result;
  return {
    status: 'succeeded',
    transactionId: result.entry.id,
    paymentId: result.payment.id,
    amountMicros: result.payment.amountMicros,
    balanceMicros: result.balanceMicros,
    balance: formatUsd(result.balanceMicros),
  };
}
