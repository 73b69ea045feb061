import { hasSignedInCookie } from '@gemstock/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { markSignedIn, useSession } from '@/stores/session';

beforeEach(() => {
  localStorage.clear();
  useSession.getState().clear();
});

describe('the signed-in cookie (tells the server to send pages undrawn)', () => {
  it('is set by signing in and removed by signing out', () => {
    useSession.getState().setToken('token-abc');
    expect(hasSignedInCookie(document.cookie)).toBe(true);
    useSession.getState().clear();
    expect(hasSignedInCookie(document.cookie)).toBe(false);
  });

  it('is not written again when it already says the same', () => {
    let owner: object | null = document;
    while (owner && !Object.getOwnPropertyDescriptor(owner, 'cookie')) owner = Object.getPrototypeOf(owner);
    const cookie = Object.getOwnPropertyDescriptor(owner!, 'cookie')!;
    const writes = vi.fn();
    const spy = vi.spyOn(document, 'cookie', 'set').mockImplementation(function (this: Document, value: string) {
      writes(value);
      cookie.set!.call(this, value);
    });
    try {
      markSignedIn(false);
      expect(writes).not.toHaveBeenCalled();
      markSignedIn(true);
      markSignedIn(true);
      expect(writes).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
      markSignedIn(false);
    }
  });
});
