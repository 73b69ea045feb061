import { ErrorCode, OrderStateMachine } from '@gemstock/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/app-error.js';
import { transition } from '../../src/lib/state-transition.js';

describe('transition', () => {
  it('writes along an edge of the machine, guarded by the state it was given', async () => {
    const seen: string[] = [];
    const row = await transition(OrderStateMachine, 'CREATED', 'PAYED', async (from, to) => {
      seen.push(`${from}>${to}`);
      return { status: to };
    });
    expect(row).toEqual({ status: 'PAYED' });
    expect(seen).toEqual(['CREATED>PAYED']);
  });

  it('refuses a move the machine does not list with ILLEGAL_STATE_TRANSITION, writing nothing', async () => {
    let wrote = false;
    const attempt = transition(OrderStateMachine, 'PAYED', 'CANCELLED', async () => {
      wrote = true;
      return {};
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ spec: ErrorCode.ILLEGAL_STATE_TRANSITION });
    expect(wrote).toBe(false);
  });

  it('passes a lost race (the guarded write matched nothing) back as undefined', async () => {
    expect(await transition(OrderStateMachine, 'CREATED', 'CANCELLED', async () => undefined)).toBeUndefined();
  });
});
