/**
 * The wallet module's door: what other modules, the plugins, ops, jobs and the composition root
 * may use of it. The company wallet: recharge lots, the ledger, VIP status.
 * Anything not exported here is the module's own (eslint: cross-module imports go through here).
 */
export { createWalletService } from './wallet.module.js';
export { getWalletSummary, hasValidLot, lockLotsToSpend } from './wallet.repository.js';
export type { WalletSummary } from './wallet.repository.js';
export { walletRoutes } from './wallet.routes.js';
export {
  balanceOf,
  creditRecharge,
  debitWallet,
  isRechargeUntouched,
  planWalletRefund,
  refundWalletPayment,
  takeBackRecharge,
  writeOffLapsedMoney,
} from './wallet.service.js';
