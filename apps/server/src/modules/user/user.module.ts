import { bindService } from '../../lib/bind-service.js';
import { createCodeChallenge } from './code-challenge.js';
import {
  createSubUser,
  listSubUsers,
  resetSubUserEmail,
  setSubUserEnabled,
  setSubUserPassword,
  updateSubUser,
} from './sub-user.service.js';
import {
  type AccountDeps,
  changeContact,
  forgetPassword,
  getCurrentUser,
  login,
  logout,
  register,
  requestCode,
  resetPassword,
  type SurveyPending,
  updateCompany,
} from './user.service.js';

/** Signing up and in, codes, the account and its company; built once, in services.ts. */
export function createUserService(deps: AccountDeps & { isSurveyPending: SurveyPending }) {
  return bindService(deps, {
    requestCode,
    createCodeChallenge,
    register,
    login,
    logout,
    forgetPassword,
    getCurrentUser,
    updateCompany,
    changeContact,
    resetPassword,
  });
}

export type UserService = ReturnType<typeof createUserService>;

/** A main account's sub-accounts (spec §6). */
export function createSubUserService(deps: Parameters<typeof listSubUsers>[0]) {
  return bindService(deps, {
    listSubUsers,
    createSubUser,
    updateSubUser,
    setSubUserPassword,
    setSubUserEnabled,
    resetSubUserEmail,
  });
}

export type SubUserService = ReturnType<typeof createSubUserService>;
