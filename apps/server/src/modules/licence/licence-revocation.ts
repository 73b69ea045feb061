import { ErrorCode } from '@gemstock/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { moveMaterialSales } from '../catalog/index.js';
import {
  findCreditUse,
  type LicenceRow,
  listOrderLicences,
  restoreSupersededLicence,
  revokeLicencesOfOrder,
} from './licence.repository.js';

/**
 * The licence module's front door for refunds (docs/decisions/0029): which licences a refund of
 * an order ends, whether it may end them, and ending them inside the refund's transaction.
 */

/** Why the refund's certificates end, as the verification page and the refusals say it. */
export const REVOKED_BY_REFUND = '订单已退款';

/**
 * The order's licences a refund would end. Refused while one of them was upgraded since (the
 * upgrade is refunded first, which gives this licence back its place) or while its 高级定制授权
 * pays for a custom order still going.
 */
export async function licencesEndedByRefund(db: DbOrTx, orderSid: string): Promise<LicenceRow[]> {
  const granted = (await listOrderLicences(db, orderSid)).filter((l) => l.revokedAt === null);
  if (granted.some((l) => l.supersededByCertNo !== null)) throw new AppError(ErrorCode.REFUND_LICENCE_UPGRADED);
  if (
    await findCreditUse(
      db,
      granted.map((l) => l.sid),
    )
  )
    throw new AppError(ErrorCode.REFUND_CREDIT_IN_USE);
  return granted;
}

/**
 * Ends the order's licences. A refunded upgrade gives the licence it had replaced its place
 * back (the company keeps what it paid for before). Idempotent.
 */
export async function revokeOrderLicences(
  tx: DbOrTx,
  order: { sid: string; upgradesLicenceSid: string | null },
  at: Date,
): Promise<LicenceRow[]> {
  const revoked = await revokeLicencesOfOrder(tx, { orderSid: order.sid, at, reason: REVOKED_BY_REFUND });
  await moveMaterialSales(
    tx,
    revoked.map((l) => l.materialSid),
    -1,
  );
  if (order.upgradesLicenceSid) {
    for (const licence of revoked) {
      await restoreSupersededLicence(tx, { licenceSid: order.upgradesLicenceSid, byCertNo: licence.certNo });
    }
  }
  return revoked;
}
