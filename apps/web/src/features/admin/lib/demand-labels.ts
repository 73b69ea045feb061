import { DEMAND_STATUS_VALUES, DemandStatus } from '@gemstock/contract';

/** How the demand board names and colours a stage. */

/**
 * The board's stage filter: every stage but CREATED, an advanced order placed and not yet paid
 * (the order itself is followed in 订单管理; the work starts when it is paid).
 */
export const BOARD_FILTER_STATUSES = DEMAND_STATUS_VALUES.filter((s) => s !== DemandStatus.CREATED);

/** Delivered work in green, everything else as in progress. */
export function boardTagColor(status: DemandStatus): 'success' | 'processing' {
  return status === DemandStatus.DELIVERED ? 'success' : 'processing';
}
