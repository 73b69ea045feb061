import { PayWay, type TPricePreview } from '@gemstock/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { type Ref, useId, useImperativeHandle, useState } from 'react';
import { PriceText } from '@/components/price-text';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { Alert, SkeletonBlock } from '@/components/ui/feedback';
import { notify } from '@/lib/notify';
import { type OrderPreset, checkout, hasCompanyOnRecord } from '@/stores/checkout';
import { dialogs } from '@/stores/dialogs';
import { usePlaceCustomOrder } from '../api/place-custom';
import type { UploadedFile } from './direct-upload';

/** What the advanced form asks besides the files: all optional. */
export interface AdvancedValues {
  direction: string;
  style: string;
  gender: string | null;
  title: string;
  subTitle: string;
}

const PAY_CHOICES = [
  { value: PayWay.WALLET, label: '余额支付' },
  { value: PayWay.WECHAT, label: '微信支付' },
  { value: PayWay.ALIPAY, label: '支付宝' },
  { value: PayWay.TRANSFER, label: '对公转账' },
];

const money = (cents: number) => `-${(cents / 100).toFixed(2)}`;

interface EstimateProps {
  preview: UseQueryResult<TPricePreview>;
  payWay: PayWay;
  onPayWay: (payWay: PayWay) => void;
  onApplyCode: (code: string | null) => void;
}

/**
 * What the advanced customization will cost (POST /api/order/place/custom/preview, asked by the
 * form): the pay way and the coupon it is estimated for, then 定制价, the discounts and 预计实付.
 */
function PriceEstimate({ preview, payWay, onPayWay, onApplyCode }: EstimateProps) {
  const [code, setCode] = useState('');
  return (
    <>
      <div className="gs-customize__line">
        <span>支付方式</span>
        <ChoiceGroup look="buttons" label="预估支付方式" value={payWay} choices={PAY_CHOICES} onChange={onPayWay} />
      </div>
      <div className="gs-customize__line">
        <input
          className="gs-input gs-customize__code"
          aria-label="优惠券码"
          placeholder="优惠券码（可选）"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button onClick={() => onApplyCode(code.trim() || null)}>使用</Button>
      </div>
      {preview.isError ? (
        <Alert
          type="warning"
          action={
            <Button size="small" onClick={() => void preview.refetch()}>
              重试
            </Button>
          }
        >
          {preview.error instanceof Error ? preview.error.message : '价格计算失败'}
        </Alert>
      ) : preview.data ? (
        <dl className="gs-facts-list gs-customize__breakdown">
          <div>
            <dt>定制价</dt>
            <dd>
              <PriceText cents={preview.data.price_origin} size="small" />
            </dd>
          </div>
          {/* the company's 高级定制授权 of this material pays for the service (decision 0023) */}
          {(preview.data.discount_credit ?? 0) > 0 && (
            <div>
              <dt>已购高级定制授权抵扣</dt>
              <dd>{money(preview.data.discount_credit ?? 0)}</dd>
            </div>
          )}
          {preview.data.discount_member > 0 && (
            <div>
              <dt>会员优惠</dt>
              <dd>{money(preview.data.discount_member)}</dd>
            </div>
          )}
          {preview.data.discount_coupon > 0 && (
            <div>
              <dt>优惠券</dt>
              <dd>{money(preview.data.discount_coupon)}</dd>
            </div>
          )}
          <div>
            <dt>预计实付</dt>
            <dd>
              <PriceText cents={preview.data.price} size="large" />
            </dd>
          </div>
        </dl>
      ) : (
        <SkeletonBlock className="gs-customize__price-loading" />
      )}
    </>
  );
}

/** The form's submit, for the form element around the section (Enter in a field submits too). */
export interface OrderSubmit {
  submit(): void;
}

/**
 * The end of the advanced form: the estimate, the agreement and 提交定制并支付, which places the
 * order (with the company on record first) and opens it in the order drawer with the pay way and
 * coupon chosen here (`carried`). While the button cannot be used, the line under it says why.
 */
export function OrderSection({
  ref,
  materialSid,
  product,
  logo,
  values,
  carried,
  onPlaced,
  ...estimate
}: EstimateProps & {
  ref: Ref<OrderSubmit>;
  materialSid: string;
  product: UploadedFile | null;
  logo: UploadedFile | null;
  values: AdvancedValues;
  carried: OrderPreset;
  onPlaced: () => void;
}) {
  const [agreed, setAgreed] = useState(false);
  const place = usePlaceCustomOrder();
  const missingId = useId();
  const missing = [!product && '上传产品图', !agreed && '勾选同意《定制服务协议》与《授权许可使用协议》'].filter(
    (step) => step !== false,
  );

  const submit = () => {
    if (!product) {
      notify.error('请先上传产品图');
      return;
    }
    const go = () =>
      place.mutate(
        {
          material: materialSid,
          source: null,
          product_key: product.key,
          logo_key: logo?.key ?? null,
          detail: {
            direction: values.direction || undefined,
            style: values.style || undefined,
            gender: values.gender ?? undefined,
            title: values.title || undefined,
            subTitle: values.subTitle || undefined,
            logoFileName: logo?.name,
          },
        },
        {
          onSuccess: ({ order }) => {
            onPlaced();
            checkout.openOrder(order, carried);
          },
        },
      );
    // Spec §4: an order needs the company on record; saving it continues.
    if (!hasCompanyOnRecord()) dialogs.openCompany(go);
    else go();
  };
  useImperativeHandle(ref, () => ({ submit }));

  return (
    <>
      <div className="gs-card gs-customize__price">
        <PriceEstimate {...estimate} />
        <span className="gs-text-secondary gs-customize__note">
          支付方式在下一步确认；设计师 3 个工作日内交付初稿，含两轮修改，成品为贵公司独家授权。
        </span>
      </div>
      <div className="gs-customize__agree">
        <Checkbox checked={agreed} onChange={(event) => setAgreed(event.target.checked)}>
          我已阅读并同意《定制服务协议》与《授权许可使用协议》
        </Checkbox>
      </div>
      <Button
        kind="primary"
        type="submit"
        size="large"
        block
        disabled={missing.length > 0}
        loading={place.isPending}
        aria-describedby={missing.length > 0 ? missingId : undefined}
      >
        提交定制并支付
      </Button>
      {missing.length > 0 && (
        <p id={missingId} className="gs-text-secondary gs-customize__missing">
          提交前请先{missing.join('，并')}
        </p>
      )}
    </>
  );
}
