import { BOARD_LIMITS, BOARD_MESSAGES, type LicenceType } from '@gemstock/contract';
import { Button, Empty, Input, List, Modal, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { OverLimit } from '@/components/over-limit';
import { paths } from '@/config/paths';
import { tooLongMessage } from '@/lib/form';
import { notify } from '@/lib/notify';
import { PICKER_PAGE_SIZE, useAddToBoard, useBoards, useCreateBoard } from '../api/boards';

interface AddToBoardModalProps {
  open: boolean;
  material: string;
  /** The licence type chosen on the page; the board keeps it for "buy all". */
  spec: LicenceType | null;
  onClose: () => void;
}

/** 加入收藏夹: pick one of the company's boards, or make a new one and put the material on it. */
export function AddToBoardModal({ open, material, spec, onClose }: AddToBoardModalProps) {
  const boards = useBoards(1, undefined, PICKER_PAGE_SIZE, open);
  const add = useAddToBoard();
  const create = useCreateBoard();
  const [name, setName] = useState('');

  const addTo = (sid: string, boardName: string) =>
    add.mutate(
      { sid, material, ...(spec !== null ? { spec } : {}) },
      {
        onSuccess: () => {
          notify.success(`已加入收藏夹「${boardName}」`);
          onClose();
        },
      },
    );

  const nameTooLong = tooLongMessage(name, BOARD_LIMITS.nameMax, '', BOARD_MESSAGES.nameMax);
  const createAndAdd = () => {
    const trimmed = name.trim();
    if (!trimmed) {
      notify.warning('请输入收藏夹名称');
      return;
    }
    if (nameTooLong) return;
    create.mutate(trimmed, {
      onSuccess: (board) => {
        setName('');
        addTo(board.sid, board.name);
      },
    });
  };

  let body;
  if (boards.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (boards.isError)
    body = (
      <LoadError
        title="收藏夹加载失败"
        error={boards.error}
        onRetry={() => void boards.refetch()}
        isRetrying={boards.isFetching}
      />
    );
  else if (boards.data.boards.length === 0) body = <Empty description="公司还没有收藏夹，在下方新建一个" />;
  else
    body = (
      <List
        size="small"
        aria-label="公司的收藏夹"
        dataSource={boards.data.boards}
        renderItem={(board) => (
          <List.Item
            actions={[
              <Button
                key="add"
                type="primary"
                size="small"
                loading={add.isPending && add.variables?.sid === board.sid}
                onClick={() => addTo(board.sid, board.name)}
              >
                加入
              </Button>,
            ]}
          >
            <List.Item.Meta title={board.name} description={`${board.itemCount} 个素材 · ${board.creatorName} 创建`} />
          </List.Item>
        )}
      />
    );

  return (
    <Modal open={open} title="加入团队收藏夹" onCancel={onClose} footer={null} destroyOnHidden>
      <Typography.Paragraph type="secondary">
        收藏夹由主账号和子账号共享。 <a href={paths.user.board}>管理收藏夹</a>
      </Typography.Paragraph>
      <div style={{ maxHeight: 320, overflowY: 'auto' }}>{body}</div>
      <Space.Compact style={{ width: '100%', marginTop: 16 }}>
        <Input
          aria-label="新收藏夹名称"
          placeholder="新建收藏夹，例如：春季婚戒"
          count={{ show: true, max: BOARD_LIMITS.nameMax }}
          status={nameTooLong ? 'error' : undefined}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onPressEnter={createAndAdd}
        />
        <Button type="primary" loading={create.isPending} disabled={nameTooLong !== undefined} onClick={createAndAdd}>
          新建并加入
        </Button>
      </Space.Compact>
      <OverLimit message={nameTooLong} />
    </Modal>
  );
}
