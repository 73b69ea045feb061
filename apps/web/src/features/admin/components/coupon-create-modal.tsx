import {
  COUPON_BATCH_MAX,
  COUPON_CODE_MIN_LENGTH,
  COUPON_LIMIT_MAX,
  COUPON_MESSAGES,
  COUPON_NAME_MAX_LENGTH,
  COUPON_NOTE_MAX_LENGTH,
  COUPON_PERCENT_MAX,
  COUPON_PERCENT_MIN,
  COUPON_PREFIX_MAX_LENGTH,
  COUPON_SCOPES,
  COUPON_CODE_MAX_LENGTH,
  CouponType,
  MAX_PRICE_CENTS,
  type TAdminCoupon,
  couponAmountProblem,
} from '@gemstock/contract';
import {
  Alert,
  Button,
  Checkbox,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Result,
  Space,
  Typography,
} from 'antd';
import { type ChangeEvent, useState } from 'react';
import { couponScopeText, couponValueText } from '@/lib/coupon-text';
import { isApiError } from '@/lib/api-client';
import { limitRule } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useCreateCoupons } from '../api/create-coupons';
import {
  type CouponFormValues,
  couponFormFieldOf,
  initialCouponValues,
  toCreateRequest,
  yuanInputToCents,
} from '../lib/coupon-form';

const SCOPE_OPTIONS = COUPON_SCOPES.map((scope) => ({ value: scope, label: couponScopeText([scope]) }));
const upperCase = (event: ChangeEvent<HTMLInputElement>) => event.target.value.toUpperCase();

interface CouponCreateModalProps {
  open: boolean;
  onClose: () => void;
}

/** New coupons: one (own or generated code) or a batch of generated codes, all with the same terms. */
export function CouponCreateModal({ open, onClose }: CouponCreateModalProps) {
  const [created, setCreated] = useState<TAdminCoupon[] | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal
      open={open}
      onCancel={close}
      title={created ? '创建成功' : '新建优惠券'}
      width={640}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {created ? (
        <CreatedCoupons coupons={created} onAgain={() => setCreated(null)} onDone={close} />
      ) : (
        <CouponForm onCreated={setCreated} onCancel={close} />
      )}
    </Modal>
  );
}

function CouponForm({ onCreated, onCancel }: { onCreated: (coupons: TAdminCoupon[]) => void; onCancel: () => void }) {
  const [form] = Form.useForm<CouponFormValues>();
  const create = useCreateCoupons();
  const mode = Form.useWatch('mode', form) ?? 'single';
  const type = Form.useWatch('type', form) ?? CouponType.FIXED;
  const percent = Form.useWatch('percent', form);
  const code = Form.useWatch('code', form);

  const submit = (values: CouponFormValues) => {
    create.mutate(toCreateRequest(values), {
      onSuccess: (coupons) => {
        notify.success(coupons.length > 1 ? `已创建 ${coupons.length} 张优惠券` : '优惠券已创建');
        onCreated(coupons);
      },
      onError: (error) => {
        if (!isApiError(error)) return;
        form.setFields(
          error.fields.flatMap((f) => {
            const name = couponFormFieldOf(f.path, values.type);
            return name ? [{ name, errors: [f.message] }] : [];
          }),
        );
      },
    });
  };

  return (
    <Form<CouponFormValues>
      form={form}
      layout="vertical"
      initialValues={initialCouponValues()}
      onFinish={submit}
      requiredMark={false}
      style={{ marginTop: 16 }}
    >
      <Form.Item name="mode" label="创建方式">
        <Radio.Group
          optionType="button"
          options={[
            { value: 'single', label: '单个优惠码' },
            { value: 'batch', label: '批量生成' },
          ]}
        />
      </Form.Item>

      <Flex gap={16}>
        <Form.Item
          name="name"
          label="名称"
          style={{ flex: 1 }}
          extra="买家在选择优惠券时可以看到"
          rules={[
            { required: true, whitespace: true, message: COUPON_MESSAGES.name },
            limitRule(COUPON_NAME_MAX_LENGTH, '名称'),
          ]}
        >
          <Input count={{ show: true, max: COUPON_NAME_MAX_LENGTH }} placeholder="如：双十一满减" />
        </Form.Item>
        <Form.Item name="type" label="类型">
          <Radio.Group
            options={[
              { value: CouponType.FIXED, label: '立减金额' },
              { value: CouponType.PERCENT, label: '折扣' },
            ]}
          />
        </Form.Item>
      </Flex>

      {type === CouponType.FIXED ? (
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
          <InputNumber<string>
            stringMode
            min="0.01"
            max={String(MAX_PRICE_CENTS / 100)}
            precision={2}
            prefix="¥"
            suffix="元"
            placeholder="0.00"
            style={{ width: 200 }}
          />
        </Form.Item>
      ) : (
        <Form.Item
          name="percent"
          label="减免比例"
          extra={
            percent != null && couponAmountProblem(CouponType.PERCENT, percent) === null
              ? `买家看到：${couponValueText({ type: CouponType.PERCENT, amount: percent })}`
              : '减免的百分比，如填 20 即打 8 折'
          }
          rules={[
            {
              validator: (_, value: number | null | undefined) =>
                value != null && couponAmountProblem(CouponType.PERCENT, value) === null
                  ? Promise.resolve()
                  : Promise.reject(new Error(COUPON_MESSAGES.percent)),
            },
          ]}
        >
          <InputNumber
            min={COUPON_PERCENT_MIN}
            max={COUPON_PERCENT_MAX}
            precision={0}
            suffix="%"
            placeholder="20"
            style={{ width: 200 }}
          />
        </Form.Item>
      )}

      <Form.Item
        name="scope"
        label="适用订单"
        extra="不勾选表示适用于素材授权与定制服务；超级定制报价须勾选才可使用（充值订单不能使用优惠券）"
      >
        <Checkbox.Group options={SCOPE_OPTIONS} />
      </Form.Item>

      <Flex gap={16} wrap>
        <Form.Item
          name="limit"
          label="总使用次数"
          extra="0 表示不限；每个账号最多使用一次"
          rules={[{ required: true, message: COUPON_MESSAGES.limit }]}
        >
          <InputNumber min={0} max={COUPON_LIMIT_MAX} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="validity"
          label="有效期"
          style={{ flex: 1 }}
          rules={[
            { required: true, message: COUPON_MESSAGES.endTime },
            {
              validator: (_, value: CouponFormValues['validity']) =>
                !value || value[1].isAfter(value[0])
                  ? Promise.resolve()
                  : Promise.reject(new Error(COUPON_MESSAGES.range)),
            },
          ]}
        >
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
      </Flex>

      {mode === 'single' ? (
        <Flex gap={16}>
          <Form.Item
            name="code"
            label="优惠码"
            style={{ flex: 1 }}
            extra="留空则自动生成；不区分大小写"
            getValueFromEvent={upperCase}
            rules={[
              {
                pattern: /^[A-Za-z0-9_-]*$/,
                message: COUPON_MESSAGES.code,
              },
              { min: COUPON_CODE_MIN_LENGTH, max: COUPON_CODE_MAX_LENGTH, message: COUPON_MESSAGES.code },
            ]}
          >
            <Input count={{ max: COUPON_CODE_MAX_LENGTH }} placeholder="如：VIP2026" allowClear />
          </Form.Item>
          <PrefixItem disabled={Boolean(code?.trim())} />
        </Flex>
      ) : (
        <Flex gap={16}>
          <Form.Item
            name="count"
            label="生成数量"
            extra={`一次最多 ${COUPON_BATCH_MAX} 张，全部成功或全部不创建`}
            rules={[{ required: true, message: COUPON_MESSAGES.count }]}
          >
            <InputNumber min={1} max={COUPON_BATCH_MAX} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <PrefixItem />
        </Flex>
      )}

      <Form.Item name="note" label="备注（仅运营可见）" rules={[limitRule(COUPON_NOTE_MAX_LENGTH, '备注')]}>
        <Input.TextArea count={{ show: true, max: COUPON_NOTE_MAX_LENGTH }} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>

      <Flex justify="end" gap={8}>
        <Button onClick={onCancel} disabled={create.isPending}>
          取消
        </Button>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {mode === 'batch' ? '批量生成' : '创建'}
        </Button>
      </Flex>
    </Form>
  );
}

function PrefixItem({ disabled }: { disabled?: boolean }) {
  return (
    <Form.Item
      name="prefix"
      label="优惠码前缀"
      style={{ flex: 1 }}
      extra="可选，生成的优惠码以它开头"
      getValueFromEvent={upperCase}
      rules={[{ pattern: /^[A-Za-z0-9]*$/, max: COUPON_PREFIX_MAX_LENGTH, message: COUPON_MESSAGES.prefix }]}
    >
      <Input count={{ max: COUPON_PREFIX_MAX_LENGTH }} placeholder="如：S11" disabled={disabled} allowClear />
    </Form.Item>
  );
}

function CreatedCoupons({
  coupons,
  onAgain,
  onDone,
}: {
  coupons: TAdminCoupon[];
  onAgain: () => void;
  onDone: () => void;
}) {
  const codes = coupons.map((c) => c.code).join('\n');
  const first = coupons[0];
  return (
    <Result
      status="success"
      title={coupons.length > 1 ? `已生成 ${coupons.length} 张优惠券` : '优惠券已创建'}
      subTitle={first ? `${first.name ?? ''} · ${couponValueText(first)} · ${couponScopeText(first.scope)}` : null}
      extra={
        <Space>
          <Button onClick={onAgain}>继续创建</Button>
          <Button type="primary" onClick={onDone}>
            完成
          </Button>
        </Space>
      }
    >
      <Alert type="info" showIcon title="请复制优惠码发给买家；之后也可在列表中按名称搜索到它们" />
      <Input.TextArea
        readOnly
        value={codes}
        aria-label="优惠码"
        autoSize={{ minRows: 1, maxRows: 8 }}
        style={{ fontFamily: 'monospace', marginTop: 12 }}
      />
      <Flex justify="end" style={{ marginTop: 8 }}>
        <Typography.Text copyable={{ text: codes, tooltips: ['复制全部优惠码', '已复制'] }}>
          复制全部优惠码
        </Typography.Text>
      </Flex>
    </Result>
  );
}
