import {
  DEMAND_DETAIL_MAX,
  DEMAND_TIER_LABEL,
  DemandTier,
  PayWay,
  type TPricePreview,
  customizationPriceCents,
} from '@gemstock/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, Suspense, lazy, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { PageContainer } from '@/components/page-container';
import { PageResult } from '@/components/page-result';
import { PriceText } from '@/components/price-text';
import { Button, ButtonLink } from '@/components/ui/button';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { Alert, SkeletonBlock, SkeletonText } from '@/components/ui/feedback';
import { TextField } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { InfoCircleFilled } from '@/components/ui/icon-paths';
import { Segmented } from '@/components/ui/segmented';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { useMaterial } from '@/features/material';
import { useSession } from '@/stores/session';
import { previewCustomOrder } from '../api/place-custom';
import { DirectUpload, type UploadedFile } from '../components/direct-upload';
import { FieldGroup } from '../components/field-group';
import { LeaveGuard } from '../components/leave-guard';
import type { AdvancedValues, OrderSubmit } from '../components/order-section';
import { PlacementPreview } from '../components/placement-preview';
import { type CustomDraft, EMPTY_DRAFT, clearDraft, hasInput, readDraft, saveDraft } from '../lib/custom-draft';
import './customize-page.css';

const DIRECTIONS = ['产品主图', '节日海报', '详情页长图', '小红书/抖音封面', '门店物料'];
const STYLES = ['简约高级', '奢华典雅', '国潮', '清新自然', '复古'];
const GENDERS = ['女士', '男士', '通用'];

type Tier = (typeof DemandTier)[keyof typeof DemandTier];

/** A native select's choices with 请选择 first: choosing it again clears the field, as antd's allowClear. */
const selectOptions = (values: readonly string[]) => [
  { value: '', label: '请选择' },
  ...values.map((value) => ({ value, label: value })),
];

/**
 * The headline texts the designer sets on the picture, with their length limits shown as a count:
 * a longer text is kept, marked and refused on submit, never cut short.
 */
const COUNTED_FIELDS = [
  { key: 'title', label: '主标题', placeholder: '例如：新品上市', limit: DEMAND_DETAIL_MAX.title },
  {
    key: 'subTitle',
    label: '副标题',
    placeholder: '例如：18K 金钻石项链 · 限时礼遇',
    limit: DEMAND_DETAIL_MAX.subTitle,
  },
] as const;

/** The message of a headline past its limit, or undefined. */
const overLimit = (label: string, value: string, limit: number) =>
  value.length > limit ? `${label}不能超过 ${limit} 个字符` : undefined;

/** The advanced form marks its optional fields rather than its required one, in antd's grey. */
function Optional({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <span className="gs-customize__optional">（可选）</span>
    </>
  );
}

/**
 * The advanced customization: uploads, the brief, the price preview, then the order drawer. What
 * the buyer gives is kept as a draft of this material until the order is placed, and leaving
 * the page with it asks first.
 */
function AdvancedForm({ materialSid, onDraft }: { materialSid: string; onDraft: (v: Draft) => void }) {
  const userSid = useSession((s) => s.user?.sid ?? '');
  // the draft left on this material, read once as the form opens
  const [restored] = useState(() => readDraft(userSid, materialSid));
  const [values, setValues] = useState<AdvancedValues>(restored?.values ?? EMPTY_DRAFT.values);
  const [product, setProduct] = useState<UploadedFile | null>(restored?.product ?? null);
  const [logo, setLogo] = useState<UploadedFile | null>(restored?.logo ?? null);
  const [appliedCode, setAppliedCode] = useState<string | null>(null);
  // the estimate is priced for WeChat until the buyer picks a way; only a picked way goes on to payment
  const [chosenPayWay, setChosenPayWay] = useState<PayWay | null>(restored?.payWay ?? null);
  const payWay = chosenPayWay ?? PayWay.WECHAT;
  const [showRestored, setShowRestored] = useState(restored !== null);
  // the draft the order was placed with: nothing of it is left unsaved
  const [placedDraft, setPlacedDraft] = useState<CustomDraft | null>(null);
  const order = useRef<OrderSubmit>(null);
  const genderLabel = useId();

  const draft = useMemo<CustomDraft>(
    () => ({ values, product, logo, payWay: chosenPayWay }),
    [values, product, logo, chosenPayWay],
  );
  const isUnsaved = hasInput(draft) && draft !== placedDraft;

  // each change is kept at once: a reload or a closed tab leaves no moment for it later
  useEffect(() => {
    if (draft !== placedDraft) saveDraft(userSid, materialSid, draft);
  }, [userSid, materialSid, draft, placedDraft]);

  useEffect(() => {
    onDraft({
      productUrl: product?.previewUrl || null,
      logoUrl: logo?.previewUrl || null,
      title: values.title,
      subTitle: values.subTitle,
    });
  }, [onDraft, product, logo, values.title, values.subTitle]);

  const preview = useQuery<TPricePreview>({
    queryKey: ['custom-preview', materialSid, appliedCode, payWay, product?.key ?? null, logo?.key ?? null],
    queryFn: ({ signal }) =>
      previewCustomOrder(
        {
          material: materialSid,
          product_key: product?.key ?? null,
          logo_key: logo?.key ?? null,
          detail: {},
          code: appliedCode,
          pay_way: payWay,
        },
        signal,
      ),
    retry: false,
  });

  const edit = (next: Partial<AdvancedValues>) => setValues((all) => ({ ...all, ...next }));

  const startOver = () => {
    setValues(EMPTY_DRAFT.values);
    setProduct(null);
    setLogo(null);
    setChosenPayWay(null);
    setShowRestored(false);
  };

  const onPlaced = () => {
    clearDraft(userSid, materialSid);
    setPlacedDraft(draft);
    setShowRestored(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const over = COUNTED_FIELDS.find(({ key, label, limit }) => overLimit(label, values[key], limit));
    if (over) {
      document.getElementById(`customize_${over.key}`)?.focus();
      return;
    }
    order.current?.submit();
  };

  return (
    <form onSubmit={submit} noValidate>
      <LeaveGuard when={isUnsaved}>
        您的定制尚未提交。离开后，已填写的内容和上传的图片会在本窗口中保留为草稿，回到该素材的定制页面即可继续。
      </LeaveGuard>
      {showRestored && (
        <Alert
          type="info"
          className="gs-customize__restored"
          action={
            <Button size="small" onClick={startOver}>
              清空重填
            </Button>
          }
        >
          已恢复您上次未提交的定制内容
        </Alert>
      )}
      <div className="gs-customize__row">
        <FieldGroup label="产品图">
          <DirectUpload purpose="product" label="上传产品图" value={product} onChange={setProduct} />
        </FieldGroup>
        <FieldGroup label={<Optional>品牌 Logo</Optional>}>
          <DirectUpload purpose="logo" label="上传Logo" value={logo} onChange={setLogo} />
        </FieldGroup>
      </div>
      <div className="gs-customize__row">
        <div className="gs-field">
          <label className="gs-field__label" htmlFor="customize_direction">
            <Optional>设计方向</Optional>
          </label>
          <Select
            id="customize_direction"
            className="gs-customize__select"
            value={values.direction}
            options={selectOptions(DIRECTIONS)}
            onChange={(direction) => edit({ direction })}
          />
        </div>
        <div className="gs-field">
          <label className="gs-field__label" htmlFor="customize_style">
            <Optional>风格</Optional>
          </label>
          <Select
            id="customize_style"
            className="gs-customize__select"
            value={values.style}
            options={selectOptions(STYLES)}
            onChange={(style) => edit({ style })}
          />
        </div>
      </div>
      <FieldGroup label={<Optional>适用人群</Optional>} labelId={genderLabel}>
        <ChoiceGroup
          look="cards"
          className="gs-customize__radios"
          labelledBy={genderLabel}
          value={values.gender}
          choices={GENDERS.map((g) => ({ value: g, label: g }))}
          onChange={(gender) => edit({ gender })}
        />
      </FieldGroup>
      {COUNTED_FIELDS.map(({ key, label, placeholder, limit }) => (
        <TextField
          key={key}
          id={`customize_${key}`}
          className="gs-customize__counted"
          label={<Optional>{label}</Optional>}
          placeholder={placeholder}
          limit={limit}
          error={overLimit(label, values[key], limit)}
          value={values[key]}
          onChange={(event) => edit({ [key]: event.target.value })}
        />
      ))}

      <Suspense
        fallback={
          <div className="gs-card gs-customize__price">
            <SkeletonBlock className="gs-customize__price-loading" />
          </div>
        }
      >
        <OrderSection
          ref={order}
          materialSid={materialSid}
          product={product}
          logo={logo}
          values={values}
          preview={preview}
          payWay={payWay}
          onPayWay={setChosenPayWay}
          onApplyCode={setAppliedCode}
          carried={{ payWay: chosenPayWay, code: appliedCode }}
          onPlaced={onPlaced}
        />
      </Suspense>
    </form>
  );
}

interface Draft {
  productUrl: string | null;
  logoUrl: string | null;
  title: string;
  subTitle: string;
}

/** The quoted tiers' form, with the form checks it uses, loads when one of them is chosen. */
const QuoteForm = lazy(() => import('../components/quote-form'));

// The form's end shows the price preview's answer, so it waits for that request anyway: its code
// (estimate, agreement, placing the order) is fetched beside it when the form mounts, behind the
// estimate's skeleton, not before the page's first paint.
const OrderSection = lazy(async () => ({ default: (await import('../components/order-section')).OrderSection }));

const TIER_OPTIONS = [DemandTier.ADVANCED, DemandTier.SUPER, DemandTier.AI_VIDEO].map((t) => ({
  value: t,
  label: DEMAND_TIER_LABEL[t],
}));

/**
 * /customize?material={sid}&tier={advanced|super|ai_video} — custom design on a chosen
 * material: the advanced tier is ordered and paid here; the quoted tiers send a brief.
 */
export default function CustomizePage() {
  const [params, setParams] = useSearchParams();
  const materialSid = params.get('material');
  const tierParam = params.get('tier');
  const tier: Tier = TIER_OPTIONS.some((o) => o.value === tierParam) ? (tierParam as Tier) : DemandTier.ADVANCED;
  const [draft, setDraft] = useState<Draft>({ productUrl: null, logoUrl: null, title: '', subTitle: '' });
  const material = useMaterial(materialSid ?? '');

  if (!materialSid) {
    return (
      <PageContainer title="定制服务">
        <PageResult
          tone="info"
          level={2}
          icon={<Icon icon={InfoCircleFilled} />}
          title="请先选择一张素材"
          subTitle="在素材详情页点击“定制”，即可基于该素材换成您的产品与品牌。"
          extra={
            <ButtonLink kind="primary" to={paths.home}>
              去挑选素材
            </ButtonLink>
          }
        />
      </PageContainer>
    );
  }

  let body;
  if (material.isLoading) body = <SkeletonText rows={10} />;
  else if (material.isError || !material.data)
    body = (
      <LoadError
        title="素材加载失败"
        error={material.error}
        onRetry={() => void material.refetch()}
        isRetrying={material.isFetching}
      />
    );
  else {
    const m = material.data;
    const advanced = tier === DemandTier.ADVANCED;
    body = (
      <div className="gs-customize">
        <div className="gs-customize__aside">
          <PlacementPreview
            materialUrl={m.watermarkUrl ?? m.coverUrl ?? m.thumbUrl}
            productUrl={advanced ? draft.productUrl : null}
            logoUrl={advanced ? draft.logoUrl : null}
            title={advanced ? draft.title : ''}
            subTitle={advanced ? draft.subTitle : ''}
          />
          <span className="gs-text-secondary">
            素材：{m.keywords.slice(0, 4).join(' · ')}
            {advanced && (
              <>
                {' '}
                · 定制价 <PriceText cents={customizationPriceCents(m)} size="small" />
              </>
            )}
          </span>
        </div>
        <div className="gs-customize__main">
          <Segmented
            block
            label="定制类型"
            value={tier}
            options={TIER_OPTIONS}
            onChange={(v) =>
              setParams(
                (p) => {
                  const next = new URLSearchParams(p);
                  next.set('tier', v);
                  return next;
                },
                { replace: true },
              )
            }
          />
          {advanced ? (
            <AdvancedForm materialSid={m.sid} onDraft={setDraft} />
          ) : (
            <Suspense fallback={<SkeletonText rows={6} />}>
              <QuoteForm key={tier} materialSid={m.sid} tier={tier} />
            </Suspense>
          )}
        </div>
      </div>
    );
  }

  return <PageContainer title="定制服务">{body}</PageContainer>;
}
