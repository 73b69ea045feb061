import { ADMIN_OPERATOR_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import type { OperatorService } from './operator.module.js';

/** 账号管理: 管理员 lists, creates, changes, disables operators and resets their passwords. */
export async function adminOperatorRoutes(app: FastifyInstance, { operators }: { operators: OperatorService }) {
  route(app, ADMIN_OPERATOR_API.list, async () => ({ operators: await operators.listOperatorAccounts() }));
  route(app, ADMIN_OPERATOR_API.create, async (request) =>
    operators.createOperatorAccount(request.operator, request.body),
  );
  route(app, ADMIN_OPERATOR_API.update, async (request) => ({
    operator: await operators.updateOperatorAccount(request.operator, request.params.id, request.body),
  }));
  route(app, ADMIN_OPERATOR_API.resetPassword, async (request) =>
    operators.resetOperatorPassword(request.operator, request.params.id, request.body),
  );
}
