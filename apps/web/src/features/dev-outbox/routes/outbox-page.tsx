import type { TOutboxMessage } from '@gemstock/contract';
import { useState } from 'react';
import { useSiteConfig } from '@/api/site-config';
import { CopyableCode } from '@/components/copyable-code';
import { NotFoundResult } from '@/components/not-found-result';
import { PageContainer } from '@/components/page-container';
import { Alert, Spinner, Tag } from '@/components/ui/feedback';
import { Icon } from '@/components/ui/icon';
import { MailOutlined, MessageOutlined, SyncOutlined } from '@/components/ui/icon-paths-later';
import { Pagination } from '@/components/ui/pagination';
import { Table, type TableColumn } from '@/components/ui/table';
import { formatDateTime } from '@/lib/form';
import { OUTBOX_REFRESH_MS, useOutbox } from '../api/get-outbox';
import './outbox-page.css';

const PAGE_SIZE = 20;

const COLUMNS: TableColumn<TOutboxMessage>[] = [
  { key: 'createdAt', title: '时间', width: 170, render: (m) => formatDateTime(m.createdAt) },
  {
    key: 'channel',
    title: '渠道',
    width: 90,
    render: (m) =>
      m.channel === 'email' ? (
        <Tag color="blue">
          <Icon icon={MailOutlined} />
          <span>邮件</span>
        </Tag>
      ) : (
        <Tag color="green">
          <Icon icon={MessageOutlined} />
          <span>短信</span>
        </Tag>
      ),
  },
  { key: 'to', title: '收件人', width: 220, dataIndex: 'to' },
  {
    key: 'code',
    title: '验证码',
    width: 190,
    render: (m) => (m.code ? <CopyableCode code={m.code} size="small" /> : '—'),
  },
  { key: 'text', title: '内容', render: (m) => <span className="gs-outbox__text">{m.text}</span> },
];

const messageKey = (m: TOutboxMessage) => `${m.createdAt}-${m.to}-${m.code ?? ''}-${m.text.length}`;

/**
 * /dev/outbox — mail and SMS the server "sent" in development (verification codes), newest
 * first, refreshed every few seconds. Exists only when the site config says devOutbox.
 */
export default function OutboxPage() {
  const site = useSiteConfig();
  const outbox = useOutbox(site.devOutbox);
  const [page, setPage] = useState(1);

  if (site.isLoading)
    return (
      <div className="gs-outbox__loading" role="status" aria-label="加载中">
        <Spinner size="middle" />
      </div>
    );
  if (!site.devOutbox) return <NotFoundResult />;

  const messages = outbox.data?.messages ?? [];
  // new messages arrive on top; the page shown stays in range as antd Table's pagination kept it
  const pageCount = Math.max(1, Math.ceil(messages.length / PAGE_SIZE));
  const current = Math.min(page, pageCount);
  return (
    <PageContainer
      title="开发邮箱"
      subTitle="开发环境中发送的邮件与短信（验证码），仅在开发模式可见"
      extra={
        <span className="gs-text-secondary">
          <Icon icon={SyncOutlined} className={outbox.isFetching ? 'gs-outbox__sync is-spinning' : 'gs-outbox__sync'} />{' '}
          每 {OUTBOX_REFRESH_MS / 1000} 秒自动刷新
        </span>
      }
    >
      {outbox.isError && (
        <Alert type="error" className="gs-outbox__alert">
          {`读取失败：${outbox.error.message}`}
        </Alert>
      )}
      <div className="gs-card gs-outbox">
        <Table<TOutboxMessage>
          label="开发邮箱消息列表"
          rowKey={messageKey}
          loading={outbox.isLoading}
          rows={messages.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE)}
          columns={COLUMNS}
          minWidth={880}
          empty="还没有发出的邮件或短信"
        />
        {pageCount > 1 && (
          <div className="gs-outbox__pages">
            <Pagination current={current} pageSize={PAGE_SIZE} total={messages.length} onChange={setPage} />
          </div>
        )}
      </div>
    </PageContainer>
  );
}
