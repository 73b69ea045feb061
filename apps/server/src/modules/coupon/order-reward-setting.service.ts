import {
  CouponType,
  ORDER_REWARD_DAYS_MAX,
  type TOrderRewardSetting,
  type TOrderRewardSettingResponse,
} from '@gemstock/contract';
import type { AppDeps, OrderRewardSource } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { recordOperatorAction } from '../audit/index.js';
import { findSiteSetting, saveSiteSetting } from '../service-contact/index.js';
import type { OrderRewardPolicy } from './order-coupon.service.js';

const SETTING_KEY = 'order_reward';

/** The order types whose payment earns the reward (a recharge never does). */
const REWARDED_ORDER_TYPES = ['material', 'custom', 'dashboard'] as const;

/** What the console offers while the reward is off and was never set: ¥20 off, 30 days. */
const SUGGESTED: Omit<TOrderRewardSetting, 'enabled'> = { type: CouponType.FIXED, amount: 2000, validDays: 30 };

type RewardDeps = Pick<AppDeps, 'db' | 'config' | 'orderReward' | 'changes'>;

function isStoredSetting(value: unknown): value is TOrderRewardSetting {
  const v = value as Partial<TOrderRewardSetting> | null;
  return (
    typeof v?.enabled === 'boolean' &&
    (v.type === CouponType.FIXED || v.type === CouponType.PERCENT) &&
    Number.isSafeInteger(v.amount) &&
    Number.isInteger(v.validDays) &&
    v.validDays! >= 1 &&
    v.validDays! <= ORDER_REWARD_DAYS_MAX
  );
}

function policyOf(setting: TOrderRewardSetting): OrderRewardPolicy | null {
  if (!setting.enabled) return null;
  return { type: setting.type, amount: setting.amount, validDays: setting.validDays, orderTypes: REWARDED_ORDER_TYPES };
}

function settingOf(policy: OrderRewardPolicy | null): TOrderRewardSetting {
  if (!policy) return { enabled: false, ...SUGGESTED };
  return { enabled: true, type: policy.type, amount: policy.amount, validDays: policy.validDays };
}

/**
 * The order-reward policy in force: the console's setting once an operator saved one, else
 * `fallback` (the ORDER_REWARD_COUPON_* variables, off by default).
 */
async function readOrderReward(db: DbOrTx, fallback: OrderRewardPolicy | null): Promise<OrderRewardPolicy | null> {
  const row = await findSiteSetting(db, SETTING_KEY);
  return row && isStoredSetting(row.value) ? policyOf(row.value) : fallback;
}

/**
 * AppDeps.orderReward: every settlement applies the policy, which changes only when an operator
 * saves it, so each server keeps the read (a statement less per payment) until a save makes it
 * forget — on this server at once, on the others through the change feed. What is kept is the
 * read in progress: a forget during it drops it, so a read that began before a save is never
 * kept after it. A failed read is not kept either.
 */
export function createOrderRewardSource(
  db: DbOrTx,
  environment: { readonly orderReward: OrderRewardPolicy | null },
): OrderRewardSource {
  let kept: Promise<OrderRewardPolicy | null> | null = null;
  return {
    current() {
      if (kept) return kept;
      const reading = readOrderReward(db, environment.orderReward);
      kept = reading;
      reading.catch(() => {
        if (kept === reading) kept = null;
      });
      return reading;
    },
    forget() {
      kept = null;
    },
  };
}

/** GET /api/admin/settings/order-reward. */
export async function orderRewardSetting(deps: RewardDeps): Promise<TOrderRewardSettingResponse> {
  const row = await findSiteSetting(deps.db, SETTING_KEY);
  if (row && isStoredSetting(row.value)) {
    return { setting: row.value, source: 'console', updatedAt: row.updatedAt.toISOString() };
  }
  return { setting: settingOf(deps.config.money.orderReward), source: 'environment', updatedAt: null };
}

/** PUT /api/admin/settings/order-reward: applies to orders paid from now on; audited with before and after. */
export async function saveOrderRewardSetting(
  deps: RewardDeps,
  operatorSid: string,
  input: TOrderRewardSetting,
): Promise<TOrderRewardSettingResponse> {
  const before = await orderRewardSetting(deps);
  const after: TOrderRewardSetting = {
    enabled: input.enabled,
    type: input.type,
    amount: input.amount,
    validDays: input.validDays,
  };
  await deps.db.transaction(async (tx) => {
    await saveSiteSetting(tx, SETTING_KEY, after, operatorSid);
    await recordOperatorAction(tx, {
      operatorSid,
      action: 'settings.order_reward.update',
      entity: 'settings',
      entitySid: SETTING_KEY,
      before: { ...before.setting, source: before.source },
      after,
    });
  });
  // Payments from now on, on this server and the others, apply the saved setting.
  deps.orderReward.forget();
  await deps.changes.publish('settings');
  return orderRewardSetting(deps);
}
