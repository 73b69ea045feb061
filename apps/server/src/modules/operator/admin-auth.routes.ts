import { ADMIN_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import type { OperatorService } from './operator.module.js';
import { presentOperator } from './operator.service.js';

/** Back-office sign-in is tighter than buyers': a handful of operators, a valuable target. */
const OPERATOR_LOGIN_RATE_LIMIT = { max: 5, timeWindow: '1 minute' } as const;
/** Password and TOTP checks of a signed-in operator: a stolen token must not guess a password fast. */
const OWN_ACCOUNT_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;

/** The operators' own sign-in and account: password, TOTP, 退出. */
export async function adminAuthRoutes(app: FastifyInstance, { operators }: { operators: OperatorService }) {
  route(app, ADMIN_API.login, { config: { rateLimit: OPERATOR_LOGIN_RATE_LIMIT } }, async (request) => ({
    access_token: await operators.loginOperator(request.body, { ip: request.ip }),
  }));

  route(app, ADMIN_API.logout, async (request) => {
    await operators.logoutOperator(request.operator);
    return null;
  });

  route(app, ADMIN_API.me, async (request) => ({
    operator: presentOperator(request.operator),
    // Operators only: what the console warns about on every page (e.g. servers not sharing media).
    warnings: { cluster: app.deps.state.clusterWarning },
  }));

  route(app, ADMIN_API.changePassword, { config: { rateLimit: OWN_ACCOUNT_RATE_LIMIT } }, async (request) => ({
    access_token: await operators.changeOwnPassword(request.operator, request.body),
  }));

  route(app, ADMIN_API.totpSetup, { config: { rateLimit: OWN_ACCOUNT_RATE_LIMIT } }, async (request) =>
    operators.setUpTotp(request.operator, request.body.password),
  );

  route(app, ADMIN_API.totpEnable, { config: { rateLimit: OWN_ACCOUNT_RATE_LIMIT } }, async (request) => ({
    operator: await operators.enableTotp(request.operator, request.body.code),
  }));

  route(app, ADMIN_API.totpDisable, { config: { rateLimit: OWN_ACCOUNT_RATE_LIMIT } }, async (request) => ({
    operator: await operators.disableTotp(request.operator, request.body),
  }));
}
