import { WALLET_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import type { WalletService } from './wallet.module.js';

export async function walletRoutes(app: FastifyInstance, { wallet }: { wallet: WalletService }) {
  route(app, WALLET_API.list, async (request) => wallet.describeWallet(request.user, request.query));
}
