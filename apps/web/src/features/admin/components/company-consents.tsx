import { CONSENT_CONTEXT_LABEL, CONTENT_KEY_LABEL, type TConsent } from '@gemstock/contract';
import { Button, Empty, Modal, Spin, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { ScrollTable } from '@/components/scroll-table';
import { formatDateTime } from '@/lib/date-time';
import { useCompanyConsents, useContentVersion } from '../api/content';

/**
 * The agreements the company's accounts accepted, newest first: which text, which version, doing
 * what, for which order (decision 0042). 查看 shows that very version, for a dispute.
 */
export function CompanyConsents({ companySid }: { companySid: string }) {
  const consents = useCompanyConsents(companySid);
  const [viewing, setViewing] = useState<TConsent | null>(null);
  const text = useContentVersion(viewing?.key ?? 'faq', viewing ? viewing.version : null);
  const rows = consents.data?.pages.flatMap((p) => p.consents) ?? [];
  const columns: ColumnsType<TConsent> = [
    { title: '同意时间', dataIndex: 'createdAt', width: 160, render: (iso: string) => formatDateTime(iso) },
    { title: '账号', dataIndex: 'account', width: 200, ellipsis: true },
    {
      title: '协议与版本',
      key: 'document',
      render: (_, c) => (
        <span>
          《{CONTENT_KEY_LABEL[c.key]}》版本 {c.version}{' '}
          <Button type="link" size="small" onClick={() => setViewing(c)}>
            查看
          </Button>
        </span>
      ),
    },
    { title: '场景', dataIndex: 'context', width: 150, render: (v: TConsent['context']) => CONSENT_CONTEXT_LABEL[v] },
    {
      title: '订单',
      dataIndex: 'orderSid',
      width: 170,
      render: (sid: string | null) => sid ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
  ];
  return (
    <>
      <ScrollTable<TConsent>
        regionLabel="协议同意记录"
        rowKey={(c) => `${c.createdAt}:${c.key}:${c.orderSid ?? ''}:${c.account}`}
        columns={columns}
        dataSource={rows}
        loading={consents.isPending}
        loadState={consents}
        size="small"
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有协议同意记录" /> }}
      />
      {consents.hasNextPage && (
        <Button
          style={{ marginTop: 12 }}
          onClick={() => void consents.fetchNextPage()}
          loading={consents.isFetchingNextPage}
        >
          加载更多
        </Button>
      )}
      <Modal
        open={viewing !== null}
        title={viewing ? `《${CONTENT_KEY_LABEL[viewing.key]}》版本 ${viewing.version}` : ''}
        onCancel={() => setViewing(null)}
        footer={<Button onClick={() => setViewing(null)}>关闭</Button>}
        width={760}
      >
        {text.isError ? (
          <LoadError error={text.error} onRetry={() => void text.refetch()} />
        ) : text.data ? (
          <div style={{ maxHeight: '60vh', overflowY: 'auto' }}>
            <div className="gs-content" dangerouslySetInnerHTML={{ __html: text.data.html }} />
          </div>
        ) : (
          <Spin style={{ display: 'block', margin: '32px auto' }} />
        )}
      </Modal>
    </>
  );
}
