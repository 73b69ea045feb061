import { describe, expect, it } from 'vitest';
import { defineStateMachine, OrderStateMachine, PaymentAttemptStateMachine } from '../src/index.js';

describe('defineStateMachine', () => {
  const demand = defineStateMachine<'CREATED' | 'WAITING' | 'FINISHED'>('demand', {
    CREATED: ['WAITING'],
    WAITING: ['FINISHED', 'CREATED'],
    FINISHED: [],
  });

  it('answers edges, sources and final states from the table', () => {
    expect(demand.can('CREATED', 'WAITING')).toBe(true);
    expect(demand.can('CREATED', 'FINISHED')).toBe(false);
    expect(demand.can('nope', 'WAITING')).toBe(false);
    expect(demand.sourcesOf('CREATED')).toEqual(['WAITING']);
    expect(demand.isFinal('FINISHED')).toBe(true);
    expect(demand.isState('WAITING')).toBe(true);
    expect(demand.isState('toString')).toBe(false);
  });
});

describe('the order and payment-attempt machines', () => {
  it('an order is paid or cancelled once; a cancelled transfer order may be re-opened', () => {
    expect(OrderStateMachine.sourcesOf('PAYED')).toEqual(['CREATED']);
    expect(OrderStateMachine.can('CANCELLED', 'CREATED')).toBe(true);
    expect(OrderStateMachine.can('CANCELLED', 'PAYED')).toBe(false);
    expect(OrderStateMachine.isFinal('PAYED')).toBe(true);
  });

  it('money on a closed or failed attempt still makes it PAID; nothing leaves PAID', () => {
    expect(PaymentAttemptStateMachine.sourcesOf('PAID')).toEqual(['OPEN', 'CLOSED', 'FAILED']);
    expect(PaymentAttemptStateMachine.sourcesOf('CLOSED')).toEqual(['OPEN']);
    expect(PaymentAttemptStateMachine.sourcesOf('FAILED')).toEqual(['OPEN']);
    expect(PaymentAttemptStateMachine.isFinal('PAID')).toBe(true);
  });
});
