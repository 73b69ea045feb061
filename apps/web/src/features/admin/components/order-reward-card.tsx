import {
  COUPON_MESSAGES,
  CouponType,
  ORDER_REWARD_DAYS_MAX,
  ORDER_REWARD_MESSAGES,
  type TOrderRewardSettingResponse,
  couponAmountProblem,
} from '@gemstock/contract';
import { Alert, Button, Card, Form, InputNumber, Radio, Skeleton, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { couponValueText } from '@/lib/coupon-text';
import { formatDateTime } from '@/lib/date-time';
import { notify } from '@/lib/notify';
import { useOrderRewardSetting, useSaveOrderReward } from '../api/order-reward-setting';
import { yuanInputToCents } from '../lib/coupon-form';

interface RewardValues {
  enabled: boolean;
  type: CouponType;
  amountYuan: string | null;
  percent: number | null;
  validDays: number | null;
}

function toValues({ setting }: TOrderRewardSettingResponse): RewardValues {
  const fixed = setting.type === CouponType.FIXED;
  return {
    enabled: setting.enabled,
    type: fixed ? CouponType.FIXED : CouponType.PERCENT,
    amountYuan: fixed ? (setting.amount / 100).toFixed(2) : null,
    percent: fixed ? null : setting.amount,
    validDays: setting.validDays,
  };
}

/**
 * 下单奖励优惠券 (spec §2's order coupon dialog): whether a paid order gives its buyer a coupon
 * for the next order, how much and for how long. Kept in the site settings and audited; until an
 * operator saves it the ORDER_REWARD_COUPON_* variables decide (off by default).
 */
export function OrderRewardCard() {
  const setting = useOrderRewardSetting();
  const save = useSaveOrderReward();
  const [form] = Form.useForm<RewardValues>();
  const type = Form.useWatch('type', form);
  const enabled = Form.useWatch('enabled', form);

  useEffect(() => {
    if (setting.data) form.setFieldsValue(toValues(setting.data));
  }, [setting.data, form]);

  const onFinish = (values: RewardValues) => {
    // an amount the form could not read goes as -1, so the server's own message explains it
    const amount =
      values.type === CouponType.FIXED ? (yuanInputToCents(values.amountYuan) ?? -1) : (values.percent ?? -1);
    save.mutate(
      { enabled: values.enabled, type: values.type, amount, validDays: values.validDays ?? 0 },
      {
        onSuccess: (saved) =>
          notify.success(
            saved.setting.enabled
              ? `已开启下单奖励优惠券：${couponValueText(saved.setting)}，有效 ${saved.setting.validDays} 天`
              : '已关闭下单奖励优惠券',
          ),
      },
    );
  };

  return (
    <Card title="下单奖励优惠券" style={{ marginBottom: 16 }}>
      {setting.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : setting.isError ? (
        <Alert
          type="error"
          title="下单奖励设置加载失败"
          action={
            <Button size="small" onClick={() => void setting.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <Form<RewardValues> form={form} name="order-reward" layout="inline" onFinish={onFinish}>
          <Form.Item name="enabled" label="支付成功后赠送" valuePropName="checked">
            <Switch checkedChildren="开" unCheckedChildren="关" aria-label="支付成功后赠送优惠券" />
          </Form.Item>
          <Form.Item name="type" label="类型">
            <Radio.Group
              optionType="button"
              options={[
                { value: CouponType.FIXED, label: '满减金额' },
                { value: CouponType.PERCENT, label: '折扣' },
              ]}
            />
          </Form.Item>
          {type === CouponType.PERCENT ? (
            <Form.Item
              name="percent"
              label="减免比例"
              rules={[
                {
                  validator: (_, value: number | null | undefined) =>
                    value != null && couponAmountProblem(CouponType.PERCENT, value) === null
                      ? Promise.resolve()
                      : Promise.reject(new Error(COUPON_MESSAGES.percent)),
                },
              ]}
            >
              {/* no min/max: a wrong value is refused with its message, never quietly clamped */}
              <InputNumber precision={0} suffix="%" style={{ width: 120 }} aria-label="减免比例" />
            </Form.Item>
          ) : (
            <Form.Item
              name="amountYuan"
              label="优惠金额"
              rules={[
                {
                  validator: (_, value: string | null | undefined) => {
                    const cents = yuanInputToCents(value);
                    return cents !== null && couponAmountProblem(CouponType.FIXED, cents) === null
                      ? Promise.resolve()
                      : Promise.reject(new Error(COUPON_MESSAGES.fixedAmount));
                  },
                },
              ]}
            >
              <InputNumber<string> stringMode prefix="¥" suffix="元" style={{ width: 160 }} aria-label="优惠金额" />
            </Form.Item>
          )}
          <Form.Item
            name="validDays"
            label="有效天数"
            rules={[
              {
                validator: (_, value: number | null | undefined) =>
                  value != null && Number.isInteger(value) && value >= 1 && value <= ORDER_REWARD_DAYS_MAX
                    ? Promise.resolve()
                    : Promise.reject(new Error(ORDER_REWARD_MESSAGES.validDays)),
              },
            ]}
          >
            <InputNumber suffix="天" style={{ width: 120 }} aria-label="有效天数" />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存
            </Button>
          </Form.Item>
        </Form>
      )}
      {setting.data && (
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
          {(enabled ?? setting.data.setting.enabled)
            ? '买家每支付一笔素材授权或定制订单，即获得一张仅限本人使用一次的优惠券，支付成功后弹窗展示券码。'
            : '已关闭：支付成功后不赠送优惠券。'}
          {setting.data.source === 'console' && setting.data.updatedAt
            ? ` 最近修改：${formatDateTime(setting.data.updatedAt)}，修改记录见操作日志。`
            : ' 尚未在后台设置，当前沿用服务器环境变量 ORDER_REWARD_COUPON_*（未设置即关闭）。'}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
