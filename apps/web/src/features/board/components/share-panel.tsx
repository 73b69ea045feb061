import type { TBoardShare } from '@gemstock/contract';
import { Button, Popconfirm, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useRevokeShare, useShareBoard } from '../api/boards';

const DAYS = [
  { value: 7, label: '7 天有效' },
  { value: 30, label: '30 天有效' },
  { value: 0, label: '长期有效（可随时撤销）' },
];

function linkOf(token: string): string {
  return `${window.location.origin}${paths.boardShare(token)}`;
}

/** Read-only links for a client: watermarked previews only; each may be revoked at once. */
export function SharePanel({ board, shares }: { board: string; shares: TBoardShare[] }) {
  const share = useShareBoard(board);
  const revoke = useRevokeShare(board);
  const [days, setDays] = useState(7);
  const copy = (token: string) =>
    void navigator.clipboard
      ?.writeText(linkOf(token))
      .then(() => notify.success('链接已复制'))
      .catch(() => notify.info(linkOf(token)));
  return (
    <div>
      <Typography.Paragraph type="secondary">
        客户通过链接只能查看带水印的预览图，看不到价格和账号信息。
      </Typography.Paragraph>
      <Space wrap>
        <Select aria-label="有效期" value={days} onChange={setDays} options={DAYS} style={{ minWidth: 180 }} />
        <Button
          type="primary"
          loading={share.isPending}
          onClick={() =>
            share.mutate(days === 0 ? null : days, {
              onSuccess: (made) => {
                notify.success('已生成分享链接');
                copy(made.token);
              },
            })
          }
        >
          生成分享链接
        </Button>
      </Space>
      <ul style={{ listStyle: 'none', padding: 0, marginTop: 12 }} aria-label="有效的分享链接">
        {shares.map((s) => (
          <li key={s.token} className="gs-board-share">
            <Typography.Text code copyable={{ text: linkOf(s.token) }}>
              {linkOf(s.token)}
            </Typography.Text>
            <Typography.Text type="secondary">
              {s.expiresAt ? `${formatDateTime(s.expiresAt)} 失效` : '长期有效'}
            </Typography.Text>
            <Popconfirm
              title="撤销后该链接立即失效，确定吗？"
              okText="撤销"
              cancelText="取消"
              onConfirm={() => revoke.mutateAsync(s.token).then(() => notify.success('已撤销分享链接'))}
            >
              <Button size="small" danger>
                撤销
              </Button>
            </Popconfirm>
          </li>
        ))}
      </ul>
    </div>
  );
}
