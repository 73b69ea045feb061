import { BOARD_LIMITS, type TBoardShare } from '@gemstock/contract';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useRevokeShare, useShareBoard } from '../api/boards';
import { ConfirmSheet } from './confirm-sheet';

const DAYS = [
  { value: 7, label: '7 天有效' },
  { value: 30, label: '30 天有效' },
  { value: 0, label: '长期有效（可随时撤销）' },
] as const;

function linkOf(token: string): string {
  return `${window.location.origin}${paths.boardShare(token)}`;
}

/** The clipboard, or the link shown to copy by hand where the browser refuses (no https, no permission). */
function copy(token: string): void {
  const link = linkOf(token);
  if (!navigator.clipboard) {
    notify.info(link);
    return;
  }
  navigator.clipboard.writeText(link).then(
    () => notify.success('链接已复制'),
    () => notify.info(link),
  );
}

/** Read-only links for a client: watermarked previews only; each may be revoked at once. */
export function SharePanel({ board, shares }: { board: string; shares: TBoardShare[] }) {
  const share = useShareBoard(board);
  const revoke = useRevokeShare(board);
  const [days, setDays] = useState<number>(7);
  const [revoking, setRevoking] = useState<string | null>(null);
  const full = shares.length >= BOARD_LIMITS.activeSharesPerBoard;
  return (
    <div>
      <p className="gs-text-secondary gs-board-share-intro">
        客户通过链接只能查看带水印的预览图，看不到价格和账号信息。
      </p>
      <div className="gs-board-share-make">
        <Select aria-label="有效期" value={days} onChange={setDays} options={DAYS} />
        <Button
          kind="primary"
          loading={share.isPending}
          disabled={full}
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
        {full && (
          <span className="gs-text-secondary">
            已有 {BOARD_LIMITS.activeSharesPerBoard} 个有效链接，撤销一个后才能再生成
          </span>
        )}
      </div>
      {shares.length > 0 && (
        <ul className="gs-board-shares" aria-label="有效的分享链接">
          {shares.map((s) => (
            <li key={s.token} className="gs-board-share">
              <code className="gs-board-share__link">{linkOf(s.token)}</code>
              <span className="gs-text-secondary">
                {s.expiresAt ? `${formatDateTime(s.expiresAt)} 失效` : '长期有效'}
              </span>
              <span className="gs-board-share__actions">
                <Button aria-label={`复制链接 ${linkOf(s.token)}`} onClick={() => copy(s.token)}>
                  复制
                </Button>
                <Button
                  className="gs-btn--danger"
                  aria-label={`撤销链接 ${linkOf(s.token)}`}
                  onClick={() => setRevoking(s.token)}
                >
                  撤销
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <ConfirmSheet
        open={revoking !== null}
        title="撤销分享链接"
        confirmText="撤销"
        busy={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking, {
            onSuccess: () => {
              notify.success('已撤销分享链接');
              setRevoking(null);
            },
          })
        }
      >
        撤销后，拿到该链接的客户立即无法再打开它，确定吗？
        {revoking && <code className="gs-board-share__link">{linkOf(revoking)}</code>}
      </ConfirmSheet>
    </div>
  );
}
