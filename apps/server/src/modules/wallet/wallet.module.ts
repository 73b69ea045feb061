import type { AppDeps } from '../../app-deps.js';
import { bindService } from '../../lib/bind-service.js';
import { describeWallet } from './wallet.service.js';

/** The account's wallet as the buyer sees it; built once, in services.ts. */
export function createWalletService(deps: Pick<AppDeps, 'db'>) {
  return bindService(deps, { describeWallet });
}

export type WalletService = ReturnType<typeof createWalletService>;
