import { CART_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import type { CartService } from './cart.module.js';

/** `/api/cart*`: the signed-in account's cart. */
export async function cartRoutes(app: FastifyInstance, { cart }: { cart: CartService }) {
  route(app, CART_API.list, async (request) => cart.listCart(request.user));
  route(app, CART_API.add, async (request) => cart.addToCart(request.user, request.body));
  route(app, CART_API.remove, async (request) => cart.removeFromCart(request.user, request.body.materials));
  route(app, CART_API.choose, async (request) => cart.chooseInCart(request.user, request.body));
}
