import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import {
  DEMAND_STATUS_LABEL,
  DEMAND_TIER_LABEL,
  DemandStateMachine,
  type TDemand,
  type TDemandDetails,
} from '@gemstock/contract';
import { Alert, Button, Descriptions, Drawer, Flex, Image, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { notify } from '@/lib/notify';
import { checkout } from '@/stores/checkout';
import { useDownloadCertificate } from '@/api/get-certificate';
import { getOrder, useDemandDetails, useDownloadDelivery, useWithdrawQuote } from '../api/demands';
import { DEMAND_STATUS_COLOR, stageNote } from '../lib/demand-labels';
import { Drafts } from './demand-drafts';

function PayAction({ demand }: { demand: TDemand }) {
  const [loading, setLoading] = useState(false);
  if (!demand.orderSid) return null;
  const orderSid = demand.orderSid;
  return (
    <Button
      type="primary"
      loading={loading}
      onClick={() => {
        setLoading(true);
        void getOrder(orderSid)
          .then(({ order }) => checkout.openOrder(order))
          .finally(() => setLoading(false));
      }}
    >
      去支付
    </Button>
  );
}

function Brief({ details }: { details: TDemandDetails }) {
  const { demand } = details;
  const d = demand.detail;
  return (
    <Flex vertical gap={12}>
      {demand.brief ? (
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label="需求描述">{demand.brief.text}</Descriptions.Item>
          {demand.brief.duration !== null && (
            <Descriptions.Item label="视频">
              {demand.brief.duration} 秒 · {demand.brief.aspectRatio}
            </Descriptions.Item>
          )}
        </Descriptions>
      ) : (
        <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
          <Descriptions.Item label="设计方向">{d.direction || '—'}</Descriptions.Item>
          <Descriptions.Item label="风格">{d.style || '—'}</Descriptions.Item>
          <Descriptions.Item label="适用人群">{d.gender || '—'}</Descriptions.Item>
          <Descriptions.Item label="主标题">{d.title || '—'}</Descriptions.Item>
          <Descriptions.Item label="副标题">{d.subTitle || '—'}</Descriptions.Item>
          <Descriptions.Item label="Logo 文件">{d.logoFileName || '—'}</Descriptions.Item>
        </Descriptions>
      )}
      <Image.PreviewGroup>
        <Flex gap={8} wrap>
          {details.material?.thumbUrl && (
            <figure style={{ margin: 0 }}>
              <Image src={details.material.thumbUrl} width={96} height={96} style={{ objectFit: 'cover' }} alt="素材" />
              <figcaption className="gs-caption">素材</figcaption>
            </figure>
          )}
          {demand.productUrl && (
            <figure style={{ margin: 0 }}>
              <Image src={demand.productUrl} width={96} height={96} style={{ objectFit: 'cover' }} alt="产品图" />
              <figcaption className="gs-caption">产品图</figcaption>
            </figure>
          )}
          {demand.logoUrl && (
            <figure style={{ margin: 0 }}>
              <Image src={demand.logoUrl} width={96} height={96} style={{ objectFit: 'contain' }} alt="Logo" />
              <figcaption className="gs-caption">Logo</figcaption>
            </figure>
          )}
          {demand.brief?.references.map((r, i) =>
            r.url ? (
              <figure key={r.key} style={{ margin: 0 }}>
                <Image src={r.url} width={96} height={96} style={{ objectFit: 'cover' }} alt={`参考图 ${i + 1}`} />
                <figcaption className="gs-caption">参考图 {i + 1}</figcaption>
              </figure>
            ) : null,
          )}
        </Flex>
      </Image.PreviewGroup>
    </Flex>
  );
}

function Delivery({ details }: { details: TDemandDetails }) {
  const download = useDownloadDelivery();
  const certificate = useDownloadCertificate();
  const { demand } = details;
  if (!DemandStateMachine.may('download', demand.status)) return null;
  return (
    <Alert
      type="success"
      showIcon
      title="设计已交付"
      description={
        <Flex vertical gap={8}>
          <span>设计成果为贵公司独家授权使用。</span>
          <Space wrap>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              loading={download.isPending}
              onClick={() => download.mutate(demand.sid)}
            >
              下载设计文件
            </Button>
            {details.certificate && demand.orderSid && demand.material && (
              <Button
                icon={<SafetyCertificateOutlined />}
                loading={certificate.isPending}
                onClick={() => certificate.mutate({ orderSid: demand.orderSid!, materialSid: demand.material! })}
              >
                独家授权证书
              </Button>
            )}
            {details.certificate && (
              <Typography.Link href={details.certificate.verifyUrl} target="_blank" rel="noopener">
                在线核验 {details.certificate.certNo}
              </Typography.Link>
            )}
          </Space>
        </Flex>
      }
    />
  );
}

/** The customization details drawer (spec §2): stage, deadline, drafts with pinned feedback, delivery. */
export function DemandDetailsDrawer({ sid, onClose }: { sid: string | null; onClose: () => void }) {
  const query = useDemandDetails(sid);
  const withdraw = useWithdrawQuote();
  const details = query.data;
  const demand = details?.demand;
  return (
    <Drawer
      open={sid !== null}
      onClose={onClose}
      title={demand ? `${DEMAND_TIER_LABEL[demand.tier]} · 定制详情` : '定制详情'}
      size={720}
      destroyOnHidden
    >
      {query.isLoading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : query.isError || !details || !demand ? (
        <LoadError
          title="定制详情加载失败"
          error={query.error}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : (
        <Flex vertical gap={16}>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Space wrap>
              <Tag color={DEMAND_STATUS_COLOR[demand.status]}>{DEMAND_STATUS_LABEL[demand.status]}</Tag>
              <Typography.Text>{stageNote(demand)}</Typography.Text>
            </Space>
            <Space>
              {DemandStateMachine.may('pay', demand.status) && <PayAction demand={demand} />}
              {DemandStateMachine.may('withdraw', demand.status) && (
                <Popconfirm
                  title="撤回这个定制需求？"
                  description={
                    <span style={{ display: 'block', maxWidth: 300 }}>
                      撤回后需求即取消，不能恢复。尚未报价、未付款，不会产生任何费用；如仍需定制，可重新提交需求。
                    </span>
                  }
                  okText="确认撤回"
                  okButtonProps={{ danger: true }}
                  cancelText="不撤回"
                  onConfirm={() =>
                    withdraw
                      .mutateAsync(demand.sid)
                      .then(() => notify.success('需求已撤回'))
                      .catch(() => undefined)
                  }
                >
                  <Button loading={withdraw.isPending}>撤回需求</Button>
                </Popconfirm>
              )}
            </Space>
          </Flex>
          <Typography.Text type="secondary">
            {demand.designer ? `设计师：${demand.designer} · ` : ''}已修改 {demand.revisionsUsed} 次 · 剩余{' '}
            {demand.revisionsLeft} 次
          </Typography.Text>
          <Delivery details={details} />
          <section aria-label="设计稿">
            <Typography.Title level={5}>设计稿</Typography.Title>
            <Drafts details={details} />
          </section>
          <section aria-label="定制需求">
            <Typography.Title level={5}>定制需求</Typography.Title>
            <Brief details={details} />
          </section>
        </Flex>
      )}
    </Drawer>
  );
}
