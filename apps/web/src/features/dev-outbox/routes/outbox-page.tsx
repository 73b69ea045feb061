import { MailOutlined, MessageOutlined, SyncOutlined } from '@ant-design/icons';
import type { TOutboxMessage } from '@gemstock/contract';
import { Alert, Empty, Spin, Table, Tag, Typography } from 'antd';
import { useSiteConfig } from '@/api/site-config';
import { CopyableCode } from '@/components/copyable-code';
import { PageContainer } from '@/components/page-container';
import { NotFoundResult } from '@/components/not-found-result';
import { formatDateTime } from '@/lib/form';
import { OUTBOX_REFRESH_MS, useOutbox } from '../api/get-outbox';

/**
 * /dev/outbox — mail and SMS the server "sent" in development (verification codes), newest
 * first, refreshed every few seconds. Exists only when the site config says devOutbox.
 */
export default function OutboxPage() {
  const site = useSiteConfig();
  const outbox = useOutbox(site.devOutbox);

  if (site.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!site.devOutbox) return <NotFoundResult />;

  const messages = outbox.data?.messages ?? [];
  return (
    <PageContainer
      title="开发邮箱"
      subTitle="开发环境中发送的邮件与短信（验证码），仅在开发模式可见"
      extra={
        <Typography.Text type="secondary">
          <SyncOutlined spin={outbox.isFetching} /> 每 {OUTBOX_REFRESH_MS / 1000} 秒自动刷新
        </Typography.Text>
      }
    >
      {outbox.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={`读取失败：${outbox.error.message}`} />
      )}
      <Table<TOutboxMessage>
        className="gs-card"
        rowKey={(m) => `${m.createdAt}-${m.to}-${m.code ?? ''}-${m.text.length}`}
        loading={outbox.isLoading}
        dataSource={messages}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty description="还没有发出的邮件或短信" /> }}
        columns={[
          { title: '时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
          {
            title: '渠道',
            dataIndex: 'channel',
            width: 90,
            render: (v: TOutboxMessage['channel']) =>
              v === 'email' ? (
                <Tag icon={<MailOutlined />} color="blue">
                  邮件
                </Tag>
              ) : (
                <Tag icon={<MessageOutlined />} color="green">
                  短信
                </Tag>
              ),
          },
          { title: '收件人', dataIndex: 'to', width: 220 },
          {
            title: '验证码',
            dataIndex: 'code',
            width: 190,
            render: (v: string | null) => (v ? <CopyableCode code={v} size="small" /> : '—'),
          },
          {
            title: '内容',
            dataIndex: 'text',
            render: (v: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{v}</span>,
          },
        ]}
      />
    </PageContainer>
  );
}
