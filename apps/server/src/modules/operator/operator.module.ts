import type { AppDeps } from '../../app-deps.js';
import { bindService } from '../../lib/bind-service.js';
import {
  changeOwnPassword,
  createOperatorAccount,
  disableTotp,
  enableTotp,
  listOperatorAccounts,
  loginOperator,
  logoutOperator,
  resetOperatorPassword,
  setUpTotp,
  updateOperatorAccount,
} from './operator.service.js';

/** Operators' sign-in, own account and 账号管理; built once, in services.ts. */
export function createOperatorService(
  deps: Pick<AppDeps, 'db' | 'tokens' | 'messages' | 'config'> & { log: { warn(data: object, message: string): void } },
) {
  return bindService(deps, {
    loginOperator,
    logoutOperator,
    changeOwnPassword,
    setUpTotp,
    enableTotp,
    disableTotp,
    listOperatorAccounts,
    createOperatorAccount,
    updateOperatorAccount,
    resetOperatorPassword,
  });
}

export type OperatorService = ReturnType<typeof createOperatorService>;
