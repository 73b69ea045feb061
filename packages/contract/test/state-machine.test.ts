import { describe, expect, it } from 'vitest';
import {
  ApprovalStateMachine,
  defineStateMachine,
  DemandStateMachine,
  demandTurnOf,
  DEMAND_STATUS_VALUES,
  InvoiceStateMachine,
  OrderStateMachine,
  PaymentAttemptStateMachine,
} from '../src/index.js';

/** The edges as sets: the order of a state's targets follows the order of the actions in the table. */
function edges(transitions: Readonly<Record<string, readonly string[]>>) {
  return Object.fromEntries(Object.entries(transitions).map(([state, to]) => [state, [...to].sort()]));
}

describe('defineStateMachine', () => {
  const ticket = defineStateMachine('ticket', ['CREATED', 'WAITING', 'FINISHED'] as const, {
    submit: { from: ['CREATED'], to: 'WAITING', refusal: 'VALIDATION' },
    finish: { from: ['WAITING'], to: 'FINISHED', refusal: 'VALIDATION', refusalIn: { FINISHED: 'NOT_FOUND' } },
    reopen: { from: ['WAITING'], to: 'CREATED', refusal: 'VALIDATION' },
    read: { from: ['WAITING', 'FINISHED'], refusal: 'NOT_FOUND' },
  });

  it('derives the edges from the actions; an action without a target moves nothing', () => {
    expect(ticket.transitions).toEqual({ CREATED: ['WAITING'], WAITING: ['FINISHED', 'CREATED'], FINISHED: [] });
    expect(ticket.can('CREATED', 'WAITING')).toBe(true);
    expect(ticket.can('CREATED', 'FINISHED')).toBe(false);
    expect(ticket.can('nope', 'WAITING')).toBe(false);
    expect(ticket.sourcesOf('CREATED')).toEqual(['WAITING']);
    expect(ticket.isFinal('FINISHED')).toBe(true);
    expect(ticket.isState('WAITING')).toBe(true);
    expect(ticket.isState('toString')).toBe(false);
  });

  it('answers whether an action may be done, and names its refusal otherwise', () => {
    expect(ticket.may('finish', 'WAITING')).toBe(true);
    expect(ticket.refusalOf('finish', 'WAITING')).toBeNull();
    expect(ticket.refusalOf('finish', 'CREATED')).toBe('VALIDATION');
    expect(ticket.refusalOf('finish', 'FINISHED')).toBe('NOT_FOUND');
    expect(ticket.refusalOf('finish', 'toString')).toBe('VALIDATION');
    expect(ticket.capabilities('WAITING')).toEqual({ submit: false, finish: true, reopen: true, read: true });
  });
});

describe('the order machine', () => {
  it('a created order is paid or cancelled; a cancelled transfer order may be re-opened; a paid one refunded', () => {
    expect(edges(OrderStateMachine.transitions)).toEqual({
      CREATED: ['CANCELLED', 'PAYED'],
      PAYED: ['REFUNDED'],
      CANCELLED: ['CREATED'],
      REFUNDED: [],
    });
    expect(OrderStateMachine.capabilities('CREATED')).toMatchObject({ pay: true, cancel: true, download: false });
    expect(OrderStateMachine.capabilities('PAYED')).toMatchObject({ pay: false, download: true, requestInvoice: true });
  });

  it('refuses with the action’s own code: paying a paid order, cancelling it', () => {
    expect(OrderStateMachine.refusalOf('pay', 'PAYED')).toBe('ORDER_NOT_PAYABLE');
    expect(OrderStateMachine.refusalOf('cancel', 'PAYED')).toBe('ORDER_ALREADY_PAID');
    expect(OrderStateMachine.refusalOf('cancel', 'CANCELLED')).toBe('ORDER_NOT_CANCELLABLE');
    expect(OrderStateMachine.refusalOf('download', 'CREATED')).toBe('NOT_ENTITLED');
    expect(OrderStateMachine.refusalOf('download', 'REFUNDED')).toBe('LICENCE_REVOKED');
  });
});

describe('the payment-attempt machine', () => {
  it('money on a closed or failed attempt still makes it PAID; nothing leaves PAID', () => {
    expect(PaymentAttemptStateMachine.sourcesOf('PAID')).toEqual(['OPEN', 'CLOSED', 'FAILED']);
    expect(PaymentAttemptStateMachine.sourcesOf('CLOSED')).toEqual(['OPEN']);
    expect(PaymentAttemptStateMachine.sourcesOf('FAILED')).toEqual(['OPEN']);
    expect(PaymentAttemptStateMachine.isFinal('PAID')).toBe(true);
  });
});

describe('the invoice machine', () => {
  it('a request is issued or rejected; an issued invoice is voided or reversed; the rest is final', () => {
    expect(edges(InvoiceStateMachine.transitions)).toEqual({
      REQUESTED: ['ISSUED', 'REJECTED'],
      ISSUED: ['REVERSED', 'VOIDED'],
      REJECTED: [],
      VOIDED: [],
      REVERSED: [],
    });
    expect(InvoiceStateMachine.refusalOf('download', 'REQUESTED')).toBe('INVOICE_NOT_ISSUED');
    expect(InvoiceStateMachine.refusalOf('download', 'REVERSED')).toBe('INVOICE_VOIDED');
  });
});

describe('the approval machine', () => {
  it('a request is answered by the main account, who may change its mind until the order is paid', () => {
    expect(edges(ApprovalStateMachine.transitions)).toEqual({
      NONE: ['APPROVED', 'PENDING', 'REJECTED'],
      PENDING: ['APPROVED', 'NONE', 'REJECTED'],
      APPROVED: [],
      REJECTED: ['APPROVED', 'REJECTED'],
    });
    expect(ApprovalStateMachine.may('decide', 'PENDING')).toBe(true);
    expect(ApprovalStateMachine.may('decide', 'NONE')).toBe(false);
  });

  it('the sub-account pays from the wallet once approved; a refusal says so', () => {
    expect(ApprovalStateMachine.may('payFromWallet', 'APPROVED')).toBe(true);
    expect(ApprovalStateMachine.refusalOf('payFromWallet', 'PENDING')).toBe('AUDIT_REQUIRED');
    expect(ApprovalStateMachine.refusalOf('payFromWallet', 'REJECTED')).toBe('AUDIT_REJECTED');
  });
});

describe('the demand machine', () => {
  it('keeps the edges of the design flow (decisions 0019 and 0024)', () => {
    expect(edges(DemandStateMachine.transitions)).toEqual({
      QUOTE_REQUESTED: ['CANCELLED', 'QUOTED'],
      QUOTED: ['CANCELLED', 'SUBMITTED'],
      CREATED: ['CANCELLED', 'SUBMITTED'],
      SUBMITTED: ['CANCELLED', 'DESIGNING'],
      DESIGNING: ['CANCELLED', 'DELIVERED', 'DRAFT_REVIEW'],
      DRAFT_REVIEW: ['CANCELLED', 'DELIVERED', 'FINAL_PRODUCTION', 'REVISING'],
      REVISING: ['CANCELLED', 'DELIVERED', 'DRAFT_REVIEW', 'FINAL_PRODUCTION'],
      FINAL_PRODUCTION: ['CANCELLED', 'DELIVERED'],
      DELIVERED: [],
      CANCELLED: ['CREATED', 'QUOTED'],
    });
  });

  it('a file before a designer took the work, or after delivery, is refused with its own code', () => {
    expect(DemandStateMachine.refusalOf('deliver', 'SUBMITTED')).toBe('DEMAND_NOT_ASSIGNED');
    expect(DemandStateMachine.refusalOf('deliver', 'DELIVERED')).toBe('DEMAND_ALREADY_DELIVERED');
    expect(DemandStateMachine.refusalOf('putUpDraft', 'DRAFT_REVIEW')).toBe('DEMAND_WRONG_STAGE');
  });

  it('says whose turn it is from what each side may do', () => {
    const turns = Object.fromEntries(DEMAND_STATUS_VALUES.map((s) => [s, demandTurnOf(s)]));
    expect(turns).toEqual({
      QUOTE_REQUESTED: 'operator',
      QUOTED: 'buyer',
      CREATED: 'buyer',
      SUBMITTED: 'operator',
      DESIGNING: 'operator',
      DRAFT_REVIEW: 'buyer',
      REVISING: 'operator',
      FINAL_PRODUCTION: 'operator',
      DELIVERED: 'none',
      CANCELLED: 'none',
    });
  });
});
