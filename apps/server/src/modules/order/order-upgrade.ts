import {
  ErrorCode,
  isLicenceType,
  licenceSpec,
  OrderType,
  type PayWay,
  type TOrder,
  type TPricePreview,
  upgradeDifferenceCents,
  upgradeProblem,
  ownerSidOf,
} from '@gemstock/contract';
import { uniqueViolationConstraint } from '../../db/errors.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { newSid } from '../../lib/ids.js';
import { findMaterialsBySids, pricedMaterialOf, type MaterialRow } from '../catalog/index.js';
import { findUpgradableLicence, type LicenceRow } from '../licence/index.js';
import type { UserRow } from '../../db/rows.js';
import { priceWithContext, toPricePreview } from './order-pricing.js';
import {
  findOpenUpgradeOrder,
  insertOrder,
  listOrderItems,
  lockBuyerForPlacement,
  type OrderRow,
} from './order.repository.js';
import { agreedFor, assertHasCompany, nowOf, type OrderDeps, presentOne } from './order.service.js';

/**
 * 升级授权 (docs/decisions/0016): a company that holds a licence of a material buys a wider one
 * by paying the difference of the current prices. The upgrade is an ordinary material order
 * (same drawer, pay ways, approval, cancel, invoice) whose single item is the wider licence
 * priced at the difference; the order row names the licence it upgrades, and settlement
 * (order-settlement.ts) marks that licence superseded by the new certificate.
 */

interface ResolvedUpgrade {
  material: MaterialRow;
  held: LicenceRow;
  spec: number;
  differenceCents: number;
}

const OPEN_UPGRADE_KEY = 'orders_open_upgrade_key';

function licenceName(spec: number): string {
  return isLicenceType(spec) ? licenceSpec(spec).name : '授权';
}

/** The company's licence to upgrade and the difference, or the coded reason why not. */
async function resolve(deps: OrderDeps, user: UserRow, materialSid: string, spec: number): Promise<ResolvedUpgrade> {
  const material = (await findMaterialsBySids(deps.db, [materialSid])).get(materialSid);
  if (!material) throw new AppError(ErrorCode.MATERIAL_NOT_FOUND);
  const held = await findUpgradableLicence(deps.db, ownerSidOf(user), materialSid);
  if (!held) throw new AppError(ErrorCode.LICENCE_UPGRADE_NOT_OWNED);
  if (material.disabled) throw new AppError(ErrorCode.MATERIAL_DISABLED);
  const priced = pricedMaterialOf(material);
  switch (upgradeProblem(priced, held.spec, spec)) {
    case 'premium':
      throw new AppError(ErrorCode.LICENCE_UPGRADE_PREMIUM);
    case 'not_higher':
      throw new AppError(
        ErrorCode.LICENCE_UPGRADE_NOT_HIGHER,
        `您的公司已持有该素材的${licenceName(held.spec)}，只能升级到更高级别的授权（新媒体授权 → 标准授权 → 扩展授权）`,
      );
    case 'not_offered':
      throw new AppError(ErrorCode.LICENCE_UPGRADE_NOT_OFFERED, `该素材的分辨率不支持${licenceName(spec)}，无法升级`);
    case null:
      break;
  }
  const differenceCents = upgradeDifferenceCents(priced, held.spec, spec);
  if (differenceCents === null) throw new AppError(ErrorCode.LICENCE_UPGRADE_NOT_OFFERED);
  return { material, held, spec, differenceCents };
}

export async function previewUpgradeOrder(
  deps: OrderDeps,
  user: UserRow,
  input: { material: string; spec: number; code: string | null; pay_way: PayWay | null },
): Promise<TPricePreview> {
  const upgrade = await resolve(deps, user, input.material, input.spec);
  const { breakdown } = await priceWithContext(deps.db, {
    orderType: OrderType.MATERIAL,
    lineCents: [upgrade.differenceCents],
    code: input.code,
    payWay: input.pay_way,
    user,
    vipRateBp: deps.money.vipRateBp,
    now: nowOf(deps),
  });
  return toPricePreview(breakdown);
}

/**
 * The same request again (same account, licence, target and difference) hands out the open
 * order; any other open upgrade of the material refuses with LICENCE_UPGRADE_PENDING.
 */
async function reuseOrRefuse(deps: OrderDeps, db: DbOrTx, open: OrderRow, user: UserRow, upgrade: ResolvedUpgrade) {
  const items = await listOrderItems(db, open.sid);
  const same =
    open.userSid === user.sid &&
    open.upgradesLicenceSid === upgrade.held.sid &&
    items.length === 1 &&
    items[0]!.spec === upgrade.spec &&
    items[0]!.unitPriceCents === upgrade.differenceCents;
  if (!same) throw new AppError(ErrorCode.LICENCE_UPGRADE_PENDING);
  return open;
}

export async function placeUpgradeOrder(
  deps: OrderDeps,
  user: UserRow,
  input: { material: string; spec: number; source: string | null; agreement_version?: number | undefined },
): Promise<{ order: TOrder }> {
  await assertHasCompany(deps.db, user);
  const upgrade = await resolve(deps, user, input.material, input.spec);
  const ownerSid = ownerSidOf(user);
  const { material, held, spec, differenceCents } = upgrade;
  const now = nowOf(deps);
  const place = () =>
    deps.db.transaction(async (tx) => {
      // One placement per company at a time; the unique index is the last word.
      await lockBuyerForPlacement(tx, ownerSid);
      const open = await findOpenUpgradeOrder(tx, ownerSid, material.sid);
      if (open) {
        const reused = await reuseOrRefuse(deps, tx, open, user, upgrade);
        return agreedFor(tx, user, reused, 'licence_agreement', input.agreement_version);
      }
      const placed = await insertOrder(
        tx,
        {
          sid: newSid(),
          name: `授权升级 ${material.keywords[0] ?? material.sid}（${licenceName(held.spec)} → ${licenceName(spec)}）`,
          orderType: OrderType.MATERIAL,
          spec,
          source: input.source,
          priceOriginCents: differenceCents,
          priceCents: differenceCents,
          userSid: user.sid,
          ownerSid,
          upgradesLicenceSid: held.sid,
          upgradeMaterialSid: material.sid,
          upgradeFromSpec: held.spec,
          createdAt: now,
          updatedAt: now,
        },
        [{ materialSid: material.sid, spec, unitPriceCents: differenceCents }],
      );
      return agreedFor(tx, user, placed, 'licence_agreement', input.agreement_version);
    });
  let order: OrderRow;
  try {
    order = await place();
  } catch (error) {
    if (uniqueViolationConstraint(error) !== OPEN_UPGRADE_KEY) throw error;
    const open = await findOpenUpgradeOrder(deps.db, ownerSid, material.sid);
    if (!open) throw new AppError(ErrorCode.LICENCE_UPGRADE_PENDING);
    order = await reuseOrRefuse(deps, deps.db, open, user, upgrade);
    await agreedFor(deps.db, user, order, 'licence_agreement', input.agreement_version);
  }
  return { order: await presentOne(deps, order) };
}
