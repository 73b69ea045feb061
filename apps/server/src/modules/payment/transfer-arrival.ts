import { TRANSFER_ARRIVAL_OUTCOMES, type TransferArrivalOutcome, type TTransferArrival } from '@gemstock/contract';
import type { TransferArrivalRow } from './refund.repository.js';

/** What the operator read off the bank statement for 确认到账 (ZConfirmTransferRequest, parsed). */
export interface TransferArrivalInput {
  amount: number;
  arrivedOn: string;
  bankSerial: string;
  note: string;
  acceptDifference: boolean;
}

function outcomeOf(value: string): TransferArrivalOutcome {
  return (TRANSFER_ARRIVAL_OUTCOMES as readonly string[]).includes(value)
    ? (value as TransferArrivalOutcome)
    : 'partial';
}

export function presentTransferArrival(row: TransferArrivalRow, operatorName: string | null): TTransferArrival {
  return {
    id: row.id,
    amount: row.amountCents,
    arrivedOn: row.arrivedOn,
    bankSerial: row.bankSerial,
    outcome: outcomeOf(row.outcome),
    note: row.note,
    operator: operatorName,
    createdAt: row.createdAt.toISOString(),
  };
}
