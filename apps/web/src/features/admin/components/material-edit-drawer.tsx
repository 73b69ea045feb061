import {
  ADMIN_MATERIAL_API,
  centsToYuan,
  ErrorCode,
  FACET_LABEL,
  facetLabel,
  FACETS,
  facetValues,
  type LicenceType,
  licenceSpec,
  MAX_KEYWORDS_PER_MATERIAL,
  MAX_PRICE_CENTS,
  MAX_REMARK_LENGTH,
  type TAdminMaterial,
} from '@gemstock/contract';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Descriptions,
  Divider,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  Table,
  Typography,
} from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { limitRule } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useReprocessMaterial } from '../api/reprocess-material';
import { useUpdateMaterial } from '../api/update-material';
import { formatDateTime } from '@/lib/date-time';
import { formatBytes, formatDuration } from '../lib/format';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';
import { changedPatch, type EditValues, formFieldOf, initialValues } from '../lib/material-form';
import { MaterialPreview } from './material-preview';

const MAX_YUAN = MAX_PRICE_CENTS / 100;
const KEYWORD_SEPARATORS = [',', '，', '、', ';', '；', ' '];
import { LicenceTags, MaterialStatusTag } from './material-tags';

interface MaterialEditDrawerProps {
  material: TAdminMaterial | null;
  onClose: () => void;
}

/** What an unsaved edit would lose, named as the form names it. */
const FIELD_LABELS: Record<string, string> = {
  keywords: '关键词',
  pricesCents: '价格',
  specialPricesCents: '特价',
  customPriceCents: '定制价格',
  freeFrom: '免费下载时段',
  featured: '精选',
  disabled: '上架',
  remark: '备注',
  ...FACET_LABEL,
};

/** 金属, 宝石, 款式, 场景: a choice each (clearable), with what the keywords suggest beside it. */
function MaterialFacetFields({
  suggested,
  onAdopt,
}: {
  suggested: TAdminMaterial['suggestedFacets'];
  onAdopt: () => void;
}) {
  const hasSuggestion = FACETS.some((f) => suggested[f]);
  return (
    <fieldset className="gs-admin-facets">
      <legend>
        珠宝属性
        {hasSuggestion && (
          <Button type="link" size="small" onClick={onAdopt}>
            采用关键词建议
          </Button>
        )}
      </legend>
      {FACETS.map((facet) => (
        <Form.Item
          key={facet}
          name={facet}
          label={FACET_LABEL[facet]}
          extra={suggested[facet] ? `建议：${facetLabel(facet, suggested[facet])}` : undefined}
        >
          <Select
            allowClear
            aria-label={FACET_LABEL[facet]}
            placeholder="未设置"
            options={facetValues(facet).map((value) => ({ value, label: facetLabel(facet, value) }))}
          />
        </Form.Item>
      ))}
    </fieldset>
  );
}

export function MaterialEditDrawer({ material, onClose }: MaterialEditDrawerProps) {
  const { modal } = App.useApp();
  // The open form's unsaved changes (field labels), asked for when the drawer is about to close.
  const unsaved = useRef<() => string[]>(() => []);
  const close = () => {
    const lost = unsaved.current();
    if (lost.length === 0) {
      onClose();
      return;
    }
    modal.confirm({
      title: '放弃未保存的修改？',
      content: `${lost.join('、')}的修改尚未保存，关闭后将丢失。`,
      okText: '放弃修改',
      okButtonProps: { danger: true },
      cancelText: '继续编辑',
      onOk: onClose,
    });
  };
  return (
    <Drawer
      title={material ? `编辑素材 ${material.sid}` : '编辑素材'}
      open={material !== null}
      onClose={close}
      size={600}
      destroyOnHidden
    >
      {material && (
        <MaterialEditForm
          key={material.sid}
          material={material}
          unsavedRef={unsaved}
          onCancel={close}
          onDone={onClose}
        />
      )}
    </Drawer>
  );
}

function MaterialEditForm({
  material,
  unsavedRef,
  onCancel,
  onDone,
}: {
  material: TAdminMaterial;
  unsavedRef: { current: () => string[] };
  onCancel: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<EditValues>();
  const update = useUpdateMaterial();
  const reprocess = useReprocessMaterial();
  const queryClient = useQueryClient();
  // The material as this form was filled from: its version goes with the save, and only what
  // differs from it is sent. A list refresh in the background does not change it.
  const [loaded, setLoaded] = useState(material);
  const [initial] = useState(() => initialValues(material));
  const [editedElsewhere, setEditedElsewhere] = useState(false);
  const [reloading, setReloading] = useState(false);
  useEffect(() => {
    unsavedRef.current = () => {
      const patch = changedPatch(loaded, form.getFieldsValue(true) as EditValues);
      if (!patch) return [];
      return [...new Set(Object.keys(patch).flatMap((k) => (FIELD_LABELS[k] ? [FIELD_LABELS[k]] : [])))];
    };
  }, [unsavedRef, loaded, form]);

  const reload = async () => {
    setReloading(true);
    try {
      const latest = (await callAdminApi(ADMIN_MATERIAL_API.detail, { params: { id: material.sid } })).material;
      setLoaded(latest);
      form.resetFields();
      form.setFieldsValue(initialValues(latest));
      setEditedElsewhere(false);
      void queryClient.invalidateQueries({ queryKey: [ADMIN_SCOPE] });
    } finally {
      setReloading(false);
    }
  };

  const save = (values: EditValues) => {
    const patch = changedPatch(loaded, values);
    if (!patch) {
      notify.info('没有需要保存的修改');
      onDone();
      return;
    }
    update.mutate(
      { sid: material.sid, ...patch },
      {
        onSuccess: () => {
          notify.success('更新成功');
          onDone();
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          if (error.code === ErrorCode.MATERIAL_EDITED_ELSEWHERE.code) {
            setEditedElsewhere(true);
            return;
          }
          form.setFields(
            error.fields.flatMap((f) => {
              const name = formFieldOf(f.path);
              return name ? [{ name: name as Parameters<typeof form.getFieldValue>[0], errors: [f.message] }] : [];
            }),
          );
        },
      },
    );
  };

  const priceRows = material.authTypes.map((type) => ({ type, spec: licenceSpec(type) }));
  const busy = material.job?.status === 'queued' || material.job?.status === 'running';

  return (
    <Flex vertical gap={16}>
      <MaterialPreview material={material} />
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="状态">
          <MaterialStatusTag material={material} />
        </Descriptions.Item>
        <Descriptions.Item label="格式">{material.format === 'video' ? '视频' : '图片'}</Descriptions.Item>
        <Descriptions.Item label="尺寸">
          {material.width} × {material.height}
          {material.format === 'video' && material.resolution ? `（${material.resolution}）` : ''}
        </Descriptions.Item>
        <Descriptions.Item label={material.format === 'video' ? '时长' : '原图大小'}>
          {material.format === 'video' && material.durationMs != null
            ? `${formatDuration(material.durationMs)} · ${formatBytes(material.originalBytes)}`
            : formatBytes(material.originalBytes)}
        </Descriptions.Item>
        <Descriptions.Item label="可售授权" span={2}>
          <LicenceTags types={material.authTypes} />
        </Descriptions.Item>
        <Descriptions.Item label="喜欢">{material.likeCount}</Descriptions.Item>
        <Descriptions.Item label="上传时间">{formatDateTime(material.createdAt)}</Descriptions.Item>
      </Descriptions>
      {material.status === 'failed' && (
        <Alert
          type="error"
          showIcon
          title="处理失败"
          description={material.job?.lastError ?? '生成缩略图或预览时出错'}
          action={
            <Button size="small" loading={reprocess.isPending} onClick={() => reprocess.mutate(material.sid)}>
              重新处理
            </Button>
          }
        />
      )}

      {editedElsewhere && (
        <Alert
          type="warning"
          showIcon
          title="该素材已被他人修改"
          description="您打开编辑后，该素材已被另一位运营（或另一个标签页）保存过。重新加载可看到最新内容，您在这里未保存的修改会被放弃。"
          action={
            <Button size="small" loading={reloading} onClick={() => void reload()}>
              重新加载
            </Button>
          }
        />
      )}
      <Form<EditValues> form={form} layout="vertical" initialValues={initial} onFinish={save} requiredMark={false}>
        <Form.Item
          name="keywords"
          label="关键词"
          extra="输入后按回车，或用逗号、顿号分隔；买家按关键词搜索素材"
          rules={[
            {
              validator: (_, value: string[] | undefined) =>
                (value?.length ?? 0) > MAX_KEYWORDS_PER_MATERIAL
                  ? Promise.reject(new Error(`关键词最多 ${MAX_KEYWORDS_PER_MATERIAL} 个`))
                  : Promise.resolve(),
            },
          ]}
        >
          <Select
            mode="tags"
            tokenSeparators={KEYWORD_SEPARATORS}
            open={false}
            placeholder="例如：钻石戒指、婚戒、铂金"
          />
        </Form.Item>

        <Divider titlePlacement="start" plain>
          价格（元）
        </Divider>
        <Table
          size="small"
          pagination={false}
          rowKey="type"
          dataSource={priceRows}
          columns={[
            {
              title: '授权类型',
              dataIndex: 'type',
              render: (_: LicenceType, row) => (
                <Space orientation="vertical" size={0}>
                  <Typography.Text>{row.spec.name}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    标准价 ¥{centsToYuan(row.spec.priceCents).toFixed(2)}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: '价格',
              dataIndex: 'type',
              render: (type: LicenceType) => (
                <Form.Item name={['prices', String(type)]} noStyle>
                  <InputNumber<number>
                    min={0}
                    max={MAX_YUAN}
                    precision={2}
                    prefix="¥"
                    placeholder={centsToYuan(licenceSpec(type).priceCents).toFixed(2)}
                    style={{ width: 140 }}
                    aria-label={`${licenceSpec(type).name}价格`}
                  />
                </Form.Item>
              ),
            },
            {
              title: '特价',
              dataIndex: 'type',
              render: (type: LicenceType) => (
                <Form.Item
                  name={['specials', String(type)]}
                  dependencies={[['prices', String(type)]]}
                  style={{ marginBottom: 0 }}
                  rules={[
                    ({ getFieldValue }) => ({
                      validator: (_, value: number | null | undefined) => {
                        if (value == null) return Promise.resolve();
                        const own = getFieldValue(['prices', String(type)]) as number | null | undefined;
                        const list = own ?? centsToYuan(licenceSpec(type).priceCents);
                        return value > list ? Promise.reject(new Error('特价不能高于原价')) : Promise.resolve();
                      },
                    }),
                  ]}
                >
                  <InputNumber<number>
                    min={0}
                    max={MAX_YUAN}
                    precision={2}
                    prefix="¥"
                    placeholder="无"
                    style={{ width: 140 }}
                    aria-label={`${licenceSpec(type).name}特价`}
                  />
                </Form.Item>
              ),
            },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8 }}>
          价格留空即按标准价销售；只能为该素材尺寸满足的授权类型定价。
        </Typography.Paragraph>
        <Form.Item name="customPrice" label="定制价格（元）">
          <InputNumber<number>
            min={0}
            max={MAX_YUAN}
            precision={2}
            prefix="¥"
            placeholder="默认 498.00"
            style={{ width: 200 }}
          />
        </Form.Item>

        <Divider titlePlacement="start" plain>
          展示与免费
        </Divider>
        <Form.Item name="freeRange" label="免费下载时段" extra="时段内买家可免费下载；留空表示不免费">
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Flex gap={48}>
          <Form.Item name="featured" label="精选" valuePropName="checked">
            <Switch checkedChildren="精选" unCheckedChildren="普通" />
          </Form.Item>
          <Form.Item name="listed" label="上架" valuePropName="checked">
            <Switch checkedChildren="上架" unCheckedChildren="下架" />
          </Form.Item>
        </Flex>
        <MaterialFacetFields
          suggested={loaded.suggestedFacets}
          onAdopt={() =>
            form.setFieldsValue(
              Object.fromEntries(
                FACETS.filter((f) => loaded.suggestedFacets[f]).map((f) => [f, loaded.suggestedFacets[f]]),
              ),
            )
          }
        />
        <Form.Item
          name="remark"
          label="备注"
          extra="例如「限时特惠」，会显示给买家"
          rules={[limitRule(MAX_REMARK_LENGTH, '备注')]}
        >
          <Input.TextArea count={{ show: true, max: MAX_REMARK_LENGTH }} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>

        <Flex justify="space-between">
          <Button disabled={busy} loading={reprocess.isPending} onClick={() => reprocess.mutate(material.sid)}>
            {busy ? '处理中…' : '重新生成预览'}
          </Button>
          <Space>
            <Button onClick={onCancel}>取消</Button>
            <Button type="primary" htmlType="submit" loading={update.isPending}>
              保存
            </Button>
          </Space>
        </Flex>
      </Form>
    </Flex>
  );
}
