import { WALLET_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import { describeWallet } from './wallet.service.js';

export async function walletRoutes(app: FastifyInstance) {
  route(app, WALLET_API.list, async (request) => describeWallet(app.deps.db, request.user, request.query));
}
