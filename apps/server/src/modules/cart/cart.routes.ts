import {
  CART_PATHS,
  ZCartAddRequest,
  ZCartChooseRequest,
  ZCartCountResponse,
  ZCartRemoveRequest,
  ZCartResponse,
  zEnvelope,
} from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope.js';
import { publicUrlOfStorage } from '../catalog/catalog.service.js';
import { signedInUser } from '../user/request-user.js';
import { CartService } from './cart.service.js';

/** `/api/cart*`: the signed-in account's cart. */
export async function cartRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const cart = new CartService({ db: app.deps.db, publicUrlOf: publicUrlOfStorage(app.deps.storage) });

  app.get(
    CART_PATHS.list,
    { onRequest: app.requireUser, schema: { response: { 200: zEnvelope(ZCartResponse) } } },
    async (request) => ok(await cart.listCart(signedInUser(request))),
  );

  app.post(
    CART_PATHS.add,
    {
      onRequest: app.requireUser,
      schema: { body: ZCartAddRequest, response: { 200: zEnvelope(ZCartCountResponse) } },
    },
    async (request) => ok(await cart.addToCart(signedInUser(request), request.body)),
  );

  app.post(
    CART_PATHS.remove,
    {
      onRequest: app.requireUser,
      schema: { body: ZCartRemoveRequest, response: { 200: zEnvelope(ZCartCountResponse) } },
    },
    async (request) => ok(await cart.removeFromCart(signedInUser(request), request.body.materials)),
  );

  app.post(
    CART_PATHS.choose,
    {
      onRequest: app.requireUser,
      schema: { body: ZCartChooseRequest, response: { 200: zEnvelope(ZCartCountResponse) } },
    },
    async (request) => ok(await cart.chooseInCart(signedInUser(request), request.body)),
  );
}
