import { bindService } from '../../lib/bind-service.js';
import { addManyToCart, addToCart, type CartDeps, chooseInCart, listCart, removeFromCart } from './cart.service.js';

/** The cart's operations with their dependencies applied; built once, in services.ts. */
export function createCartService(deps: CartDeps) {
  return bindService(deps, { listCart, addToCart, addManyToCart, removeFromCart, chooseInCart });
}

export type CartService = ReturnType<typeof createCartService>;
