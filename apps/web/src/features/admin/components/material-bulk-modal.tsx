import {
  type Facet,
  FACET_LABEL,
  facetLabel,
  FACETS,
  facetValues,
  centsToYuan,
  LICENCE_TYPES,
  type LicenceType,
  licenceSpec,
  parseKeywordText,
  type TBulkChangeInput,
  yuanToCents,
} from '@gemstock/contract';
import { Alert, DatePicker, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { chinaInstantOf } from '../lib/china-picker';
import { BULK_ACTIONS, type BulkActionKey, describeChange } from '../lib/bulk-actions';

const FIXED: Partial<Record<BulkActionKey, TBulkChangeInput>> = {
  enable: { kind: 'disabled', disabled: false },
  disable: { kind: 'disabled', disabled: true },
  feature: { kind: 'featured', featured: true },
  unfeature: { kind: 'featured', featured: false },
};

/** A facet select's "clear it" choice (null on the wire). */
const CLEAR_FACET = '__clear';

interface FormValues {
  licence?: LicenceType;
  price?: number | null;
  special?: number | null;
  range?: [Dayjs, Dayjs] | null;
  add?: string;
  remove?: string;
  metal?: string;
  gem?: string;
  piece?: string;
  scene?: string;
}

/** The change the form describes, or the Chinese reason it describes none yet. */
function changeOf(action: BulkActionKey, values: FormValues): TBulkChangeInput | string {
  const fixed = FIXED[action];
  if (fixed) return fixed;
  if (action === 'prices') {
    if (!values.licence) return '请选择授权类型';
    if (values.price == null && values.special == null) return '请填写价格或特价';
    const key = String(values.licence);
    return {
      kind: 'prices',
      pricesCents: values.price == null ? {} : { [key]: yuanToCents(values.price) },
      specialPricesCents: values.special == null ? {} : { [key]: yuanToCents(values.special) },
    };
  }
  if (action === 'free') {
    const [from, until] = values.range ?? [];
    return from && until
      ? { kind: 'free', freeFrom: chinaInstantOf(from), freeUntil: chinaInstantOf(until) }
      : { kind: 'free', freeFrom: null, freeUntil: null };
  }
  if (action === 'facets') {
    const change: Extract<TBulkChangeInput, { kind: 'facets' }> = { kind: 'facets' };
    for (const facet of FACETS) {
      const value = values[facet];
      if (value) change[facet] = value === CLEAR_FACET ? null : value;
    }
    if (FACETS.every((f) => change[f] === undefined)) return '请至少选择一项要设置的属性';
    return change;
  }
  const add = parseKeywordText(values.add ?? '');
  const remove = parseKeywordText(values.remove ?? '');
  if (add.length + remove.length === 0) return '请填写要添加或删除的关键词';
  return { kind: 'keywords', add, remove };
}

export interface MaterialBulkModalProps {
  action: BulkActionKey | null;
  /** How the materials are named in the confirmation: 「已选的 3 个素材」, 「全部符合条件的 1,204 个素材」. */
  target: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (change: TBulkChangeInput) => void;
}

/**
 * The confirmation of a bulk edit: what will change, on how many materials, with the inputs the
 * change needs. Nothing is sent before 开始修改.
 */
export function MaterialBulkModal({ action, target, pending, onCancel, onConfirm }: MaterialBulkModalProps) {
  const [form] = Form.useForm<FormValues>();
  const [values, setValues] = useState<FormValues>({});
  if (!action) return null;
  const change = changeOf(action, values);
  const label = BULK_ACTIONS.find((a) => a.key === action)?.label ?? '';

  return (
    <Modal
      open
      title={`批量${label}`}
      okText="开始修改"
      cancelText="取消"
      okButtonProps={{ disabled: typeof change === 'string', loading: pending }}
      onOk={() => typeof change !== 'string' && onConfirm(change)}
      onCancel={onCancel}
      afterClose={() => {
        form.resetFields();
        setValues({});
      }}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        onValuesChange={(_, all) => setValues(all)}
        initialValues={{ licence: undefined }}
      >
        {action === 'prices' && (
          <>
            <Form.Item name="licence" label="授权类型">
              <Select
                aria-label="授权类型"
                placeholder="选择授权类型"
                options={LICENCE_TYPES.map((type) => ({ value: type, label: licenceSpec(type).name }))}
              />
            </Form.Item>
            <Form.Item name="price" label="价格（元）" extra="留空则不修改；只能为满足该授权尺寸要求的素材定价">
              <InputNumber
                aria-label="价格"
                min={0}
                precision={2}
                style={{ width: '100%' }}
                placeholder={values.licence ? centsToYuan(licenceSpec(values.licence).priceCents).toFixed(2) : ''}
              />
            </Form.Item>
            <Form.Item name="special" label="特价（元）" extra="留空则不修改；特价不能高于原价">
              <InputNumber aria-label="特价" min={0} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </>
        )}
        {action === 'free' && (
          <Form.Item name="range" label="免费下载时段" extra="留空表示取消这些素材的免费期">
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              style={{ width: '100%' }}
            />
          </Form.Item>
        )}
        {action === 'facets' &&
          FACETS.map((facet: Facet) => (
            <Form.Item key={facet} name={facet} label={FACET_LABEL[facet]}>
              <Select
                aria-label={FACET_LABEL[facet]}
                allowClear
                placeholder="不修改"
                options={[
                  ...facetValues(facet).map((value) => ({ value, label: facetLabel(facet, value) })),
                  { value: CLEAR_FACET, label: `清除${FACET_LABEL[facet]}` },
                ]}
              />
            </Form.Item>
          ))}
        {action === 'keywords' && (
          <>
            <Form.Item name="add" label="添加关键词" extra="多个关键词用逗号、顿号或空格分隔">
              <Input aria-label="添加关键词" />
            </Form.Item>
            <Form.Item name="remove" label="删除关键词">
              <Input aria-label="删除关键词" />
            </Form.Item>
          </>
        )}
      </Form>
      {typeof change === 'string' ? (
        <Typography.Text type="secondary">{change}</Typography.Text>
      ) : (
        <Alert
          type="warning"
          showIcon
          title={`将对${target}${describeChange(change)}`}
          description="修改在后台分批进行，完成前可在本页查看进度；整个批量修改记为一条操作记录。"
        />
      )}
    </Modal>
  );
}
