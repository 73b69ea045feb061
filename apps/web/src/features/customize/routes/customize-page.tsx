import {
  DEMAND_MAX_REFERENCES,
  DEMAND_TIER_LABEL,
  DemandTier,
  PayWay,
  type TPricePreview,
  customizationPriceCents,
} from '@gemstock/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Result,
  Segmented,
  Select,
  Skeleton,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { PageContainer } from '@/components/page-container';
import { PriceText } from '@/components/price-text';
import { paths } from '@/config/paths';
import { useMaterial } from '@/features/material/api/get-material';
import { notify } from '@/lib/notify';
import { checkout, hasCompanyOnRecord } from '@/stores/checkout';
import { dialogs } from '@/stores/dialogs';
import { previewCustomOrder, usePlaceCustomOrder, useRequestQuote } from '../api/demands';
import { DirectUpload, type UploadedFile } from '../components/direct-upload';
import { PlacementPreview } from '../components/placement-preview';

const DIRECTIONS = ['产品主图', '节日海报', '详情页长图', '小红书/抖音封面', '门店物料'];
const STYLES = ['简约高级', '奢华典雅', '国潮', '清新自然', '复古'];
const GENDERS = ['女士', '男士', '通用'];
const ASPECT_RATIOS = ['9:16', '16:9', '1:1', '3:4', '4:3'] as const;

type Tier = (typeof DemandTier)[keyof typeof DemandTier];

interface AdvancedValues {
  direction?: string;
  style?: string;
  gender?: string;
  title?: string;
  subTitle?: string;
}

const PAY_CHOICES = [
  { value: PayWay.WALLET, label: '余额支付' },
  { value: PayWay.WECHAT, label: '微信支付' },
  { value: PayWay.ALIPAY, label: '支付宝' },
  { value: PayWay.TRANSFER, label: '对公转账' },
];

/** The advanced customization: uploads, the brief, the price preview, then the order drawer. */
function AdvancedForm({ materialSid, onDraft }: { materialSid: string; onDraft: (v: Draft) => void }) {
  const [form] = Form.useForm<AdvancedValues>();
  const [product, setProduct] = useState<UploadedFile | null>(null);
  const [logo, setLogo] = useState<UploadedFile | null>(null);
  const [code, setCode] = useState('');
  const [appliedCode, setAppliedCode] = useState<string | null>(null);
  const [payWay, setPayWay] = useState<PayWay>(PayWay.WECHAT);
  const [agreed, setAgreed] = useState(false);
  const place = usePlaceCustomOrder();
  const values = Form.useWatch([], form) ?? {};

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

  const update = (next: Partial<Draft>) =>
    onDraft({
      productUrl: (next.productUrl !== undefined ? next.productUrl : product?.previewUrl) ?? null,
      logoUrl: (next.logoUrl !== undefined ? next.logoUrl : logo?.previewUrl) ?? null,
      title: next.title ?? values.title ?? '',
      subTitle: next.subTitle ?? values.subTitle ?? '',
    });

  const submit = (v: AdvancedValues) => {
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
            direction: v.direction,
            style: v.style,
            gender: v.gender,
            title: v.title,
            subTitle: v.subTitle,
            logoFileName: logo?.name,
          },
        },
        { onSuccess: ({ order }) => checkout.openOrder(order) },
      );
    // Spec §4: an order needs the company on record; saving it continues.
    if (!hasCompanyOnRecord()) dialogs.openCompany(go);
    else go();
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      onValuesChange={(_, all: AdvancedValues) => update({ title: all.title ?? '', subTitle: all.subTitle ?? '' })}
      requiredMark="optional"
    >
      <Flex gap={16} wrap>
        <Form.Item label="产品图" required style={{ flex: '1 1 200px' }}>
          <DirectUpload
            purpose="product"
            label="上传产品图"
            value={product}
            onChange={(f) => {
              setProduct(f);
              update({ productUrl: f?.previewUrl ?? null });
            }}
          />
        </Form.Item>
        <Form.Item label="品牌 Logo" style={{ flex: '1 1 200px' }}>
          <DirectUpload
            purpose="logo"
            label="上传Logo"
            value={logo}
            onChange={(f) => {
              setLogo(f);
              update({ logoUrl: f?.previewUrl ?? null });
            }}
          />
        </Form.Item>
      </Flex>
      <Flex gap={16} wrap>
        <Form.Item label="设计方向" name="direction" style={{ flex: '1 1 180px' }}>
          <Select placeholder="请选择" options={DIRECTIONS.map((d) => ({ value: d, label: d }))} allowClear />
        </Form.Item>
        <Form.Item label="风格" name="style" style={{ flex: '1 1 180px' }}>
          <Select placeholder="请选择" options={STYLES.map((d) => ({ value: d, label: d }))} allowClear />
        </Form.Item>
      </Flex>
      <Form.Item label="适用人群" name="gender">
        <Radio.Group options={GENDERS.map((g) => ({ value: g, label: g }))} />
      </Form.Item>
      <Form.Item label="主标题" name="title" rules={[{ max: 40, message: '主标题不能超过 40 个字' }]}>
        <Input placeholder="例如：新品上市" maxLength={40} showCount />
      </Form.Item>
      <Form.Item label="副标题" name="subTitle" rules={[{ max: 80, message: '副标题不能超过 80 个字' }]}>
        <Input placeholder="例如：18K 金钻石项链 · 限时礼遇" maxLength={80} showCount />
      </Form.Item>

      <div className="gs-card" style={{ padding: 16, marginBottom: 16 }}>
        <Flex vertical gap={12}>
          <Flex gap={8} wrap align="center">
            <Typography.Text>支付方式</Typography.Text>
            <Radio.Group
              aria-label="预估支付方式"
              value={payWay}
              onChange={(e) => setPayWay(e.target.value as PayWay)}
              options={PAY_CHOICES}
              optionType="button"
              size="small"
            />
          </Flex>
          <Flex gap={8} wrap>
            <Input
              aria-label="优惠券码"
              placeholder="优惠券码（可选）"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              style={{ maxWidth: 220 }}
            />
            <Button onClick={() => setAppliedCode(code.trim() || null)}>使用</Button>
          </Flex>
          {preview.isError ? (
            <Alert
              type="warning"
              showIcon
              title={preview.error instanceof Error ? preview.error.message : '价格计算失败'}
              action={
                <Button size="small" onClick={() => void preview.refetch()}>
                  重试
                </Button>
              }
            />
          ) : preview.data ? (
            <Descriptions size="small" column={1}>
              <Descriptions.Item label="定制价">
                <PriceText cents={preview.data.price_origin} size="small" />
              </Descriptions.Item>
              {preview.data.discount_member > 0 && (
                <Descriptions.Item label="会员优惠">
                  -{(preview.data.discount_member / 100).toFixed(2)}
                </Descriptions.Item>
              )}
              {preview.data.discount_coupon > 0 && (
                <Descriptions.Item label="优惠券">-{(preview.data.discount_coupon / 100).toFixed(2)}</Descriptions.Item>
              )}
              <Descriptions.Item label="预计实付">
                <PriceText cents={preview.data.price} size="large" />
              </Descriptions.Item>
            </Descriptions>
          ) : (
            <Skeleton.Input active size="small" />
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            支付方式在下一步确认；设计师 3 个工作日内交付初稿，含两轮修改，成品为贵公司独家授权。
          </Typography.Text>
        </Flex>
      </div>

      <Form.Item>
        <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)}>
          我已阅读并同意《定制服务协议》与《授权许可使用协议》
        </Checkbox>
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        disabled={!agreed || !product}
        loading={place.isPending}
      >
        提交定制并支付
      </Button>
    </Form>
  );
}

interface QuoteValues {
  brief: string;
  duration?: number;
  aspect_ratio?: (typeof ASPECT_RATIOS)[number];
}

/** Super and AI-video customizations: a brief the operator prices one to one. */
function QuoteForm({ materialSid, tier }: { materialSid: string; tier: Tier }) {
  const [form] = Form.useForm<QuoteValues>();
  const [references, setReferences] = useState<(UploadedFile | null)[]>([null]);
  const request = useRequestQuote();
  const navigate = useNavigate();
  const isVideo = tier === DemandTier.AI_VIDEO;
  const submit = (v: QuoteValues) =>
    request.mutate(
      {
        tier: isVideo ? DemandTier.AI_VIDEO : DemandTier.SUPER,
        material: materialSid,
        brief: v.brief,
        references: references.filter((r): r is UploadedFile => r !== null).map((r) => r.key),
        duration: isVideo ? (v.duration ?? null) : null,
        aspect_ratio: isVideo ? (v.aspect_ratio ?? null) : null,
      },
      {
        onSuccess: (demand) => {
          notify.success('需求已提交，客服将在 1 个工作日内报价');
          void navigate(`${paths.record.customize}?demand=${demand.sid}`);
        },
      },
    );
  return (
    <Form form={form} layout="vertical" onFinish={submit} initialValues={{ duration: 15, aspect_ratio: '9:16' }}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={isVideo ? 'AI 视频定制按需报价' : '超级定制由设计师一对一报价'}
        description="提交需求后，客服在 1 个工作日内给出报价与交付周期，您确认并支付后开始设计。"
      />
      <Form.Item
        label="需求描述"
        name="brief"
        rules={[
          { required: true, whitespace: true, message: '请描述您的定制需求' },
          { min: 10, message: '请描述您的定制需求（至少 10 个字）' },
        ]}
      >
        <Input.TextArea
          autoSize={{ minRows: 4, maxRows: 8 }}
          maxLength={2000}
          showCount
          placeholder="用途、风格、尺寸、文案、参考品牌等，越详细报价越准确"
        />
      </Form.Item>
      {isVideo && (
        <Flex gap={16} wrap>
          <Form.Item label="视频时长（秒）" name="duration" rules={[{ required: true, message: '请填写视频时长' }]}>
            <InputNumber min={5} max={120} precision={0} aria-label="视频时长（秒）" />
          </Form.Item>
          <Form.Item label="画幅" name="aspect_ratio" rules={[{ required: true, message: '请选择视频画幅' }]}>
            <Segmented options={[...ASPECT_RATIOS]} aria-label="画幅" />
          </Form.Item>
        </Flex>
      )}
      <Form.Item label={`参考图（可选，最多 ${DEMAND_MAX_REFERENCES} 张）`}>
        <Flex gap={12} wrap>
          {references.map((r, i) => (
            <div key={i} style={{ width: 160 }}>
              <DirectUpload
                purpose="reference"
                label={`上传参考图${i + 1}`}
                value={r}
                onChange={(f) =>
                  setReferences((list) => {
                    const next = list.map((x, j) => (j === i ? f : x));
                    const filled = next.filter((x) => x !== null).length;
                    if (f && filled === next.length && next.length < DEMAND_MAX_REFERENCES) next.push(null);
                    return next;
                  })
                }
              />
            </div>
          ))}
        </Flex>
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={request.isPending}>
        提交需求，等待报价
      </Button>
    </Form>
  );
}

interface Draft {
  productUrl: string | null;
  logoUrl: string | null;
  title: string;
  subTitle: string;
}

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
  const navigate = useNavigate();
  const materialSid = params.get('material');
  const tierParam = params.get('tier');
  const tier: Tier = TIER_OPTIONS.some((o) => o.value === tierParam) ? (tierParam as Tier) : DemandTier.ADVANCED;
  const [draft, setDraft] = useState<Draft>({ productUrl: null, logoUrl: null, title: '', subTitle: '' });
  const material = useMaterial(materialSid ?? '');

  if (!materialSid) {
    return (
      <PageContainer title="定制服务">
        <Result
          status="info"
          title="请先选择一张素材"
          subTitle="在素材详情页点击“定制”，即可基于该素材换成您的产品与品牌。"
          extra={
            <Button type="primary" onClick={() => void navigate(paths.home)}>
              去挑选素材
            </Button>
          }
        />
      </PageContainer>
    );
  }

  let body;
  if (material.isLoading) body = <Skeleton active paragraph={{ rows: 10 }} />;
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
    body = (
      <div className="gs-customize">
        <Flex vertical gap={12}>
          <PlacementPreview
            materialUrl={m.watermarkUrl ?? m.coverUrl ?? m.thumbUrl}
            productUrl={tier === DemandTier.ADVANCED ? draft.productUrl : null}
            logoUrl={tier === DemandTier.ADVANCED ? draft.logoUrl : null}
            title={tier === DemandTier.ADVANCED ? draft.title : ''}
            subTitle={tier === DemandTier.ADVANCED ? draft.subTitle : ''}
          />
          <Typography.Text type="secondary">
            素材：{m.keywords.slice(0, 4).join(' · ')}
            {tier === DemandTier.ADVANCED && (
              <>
                {' '}
                · 定制价 <PriceText cents={customizationPriceCents(m)} size="small" />
              </>
            )}
          </Typography.Text>
        </Flex>
        <Flex vertical gap={16}>
          <Segmented
            block
            aria-label="定制类型"
            value={tier}
            options={TIER_OPTIONS}
            onChange={(v) =>
              setParams(
                (p) => {
                  const next = new URLSearchParams(p);
                  next.set('tier', String(v));
                  return next;
                },
                { replace: true },
              )
            }
          />
          {tier === DemandTier.ADVANCED ? (
            <AdvancedForm materialSid={m.sid} onDraft={setDraft} />
          ) : (
            <QuoteForm key={tier} materialSid={m.sid} tier={tier} />
          )}
        </Flex>
      </div>
    );
  }

  return <PageContainer title="定制服务">{body}</PageContainer>;
}
