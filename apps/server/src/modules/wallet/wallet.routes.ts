import { WALLET_PATHS, ZWalletResponse, zEnvelope } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope.js';
import { signedInUser } from '../user/request-user.js';
import { describeWallet } from './wallet.service.js';

export async function walletRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    WALLET_PATHS.list,
    { onRequest: app.requireUser, schema: { response: { 200: zEnvelope(ZWalletResponse) } } },
    async (request) => ok(await describeWallet(app.deps.db, signedInUser(request))),
  );
}
