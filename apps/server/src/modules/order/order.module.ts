import { bindService } from '../../lib/bind-service.js';
import { cancelOrder, type OrderCancelDeps } from './order-cancel.js';
import { auditOrder, previewPayment } from './order-checkout.service.js';
import { placeUpgradeOrder, previewUpgradeOrder } from './order-upgrade.js';
import {
  adminOrdersForExport,
  findVisibleOrder,
  getAdminOrder,
  getOrder,
  listAdminOrders,
  listOrders,
  nowOf,
  placeCustomOrder,
  placeMaterialOrder,
  placeWalletOrder,
  presentOne,
  previewCustomOrder,
  previewMaterialOrder,
} from './order.service.js';

/**
 * Orders of spec §7: placing (materials, upgrades, the VIP recharge, custom design), previews,
 * the buyer's and the operators' lists, the pay preview, the main account's approval and the
 * cancel. Paying is modules/payment's. Built once, in services.ts; the payment and design
 * services receive it.
 */
export function createOrderService(deps: OrderCancelDeps) {
  return bindService(deps, {
    now: nowOf,
    previewMaterialOrder,
    placeMaterialOrder,
    previewUpgradeOrder,
    placeUpgradeOrder,
    placeWalletOrder,
    previewCustomOrder,
    placeCustomOrder,
    listOrders,
    getOrder,
    findVisibleOrder,
    presentOne,
    previewPayment,
    auditOrder,
    cancelOrder,
    listAdminOrders,
    adminOrdersForExport,
    getAdminOrder,
  });
}

export type OrderService = ReturnType<typeof createOrderService>;
