import { BOARD_LIMITS, BOARD_MESSAGES, type LicenceType } from '@gemstock/contract';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Alert, Empty, SkeletonText } from '@/components/ui/feedback';
import { TextField } from '@/components/ui/field';
import { Sheet } from '@/components/ui/sheet';
import { paths } from '@/config/paths';
import { tooLongMessage } from '@/lib/form';
import { notify } from '@/lib/notify';
import { PICKER_PAGE_SIZE, useAddToBoard, useBoards, useCreateBoard } from '../api/boards';
import './board-sheets.css';

interface AddToBoardModalProps {
  open: boolean;
  material: string;
  /** The licence type chosen on the page; the board keeps it for "buy all". */
  spec: LicenceType | null;
  onClose: () => void;
}

/**
 * 加入收藏夹: pick one of the company's boards, or make a new one and put the material on it. Plain
 * elements on the native dialog: the tiles and the detail page that open it load no antd for it.
 */
export function AddToBoardModal({ open, material, spec, onClose }: AddToBoardModalProps) {
  const boards = useBoards(1, undefined, PICKER_PAGE_SIZE, open);
  const add = useAddToBoard();
  const create = useCreateBoard();
  const fieldId = useId();
  const [name, setName] = useState('');
  const [missing, setMissing] = useState(false);
  // a new opening (another tile's material) starts with an empty field
  const [shownFor, setShownFor] = useState<string | null>(null);
  const openFor = open ? material : null;
  if (openFor !== shownFor) {
    setShownFor(openFor);
    if (openFor !== null) {
      setName('');
      setMissing(false);
    }
  }

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
  const createAndAdd = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setMissing(true);
    if (nameTooLong) return;
    create.mutate(trimmed, {
      onSuccess: (board) => {
        setName('');
        addTo(board.sid, board.name);
      },
    });
  };

  let body;
  if (boards.isPending) body = <SkeletonText rows={3} />;
  else if (boards.isError)
    body = (
      <Alert
        type="error"
        action={
          <Button size="small" loading={boards.isFetching} onClick={() => void boards.refetch()}>
            重试
          </Button>
        }
      >
        收藏夹加载失败
      </Alert>
    );
  else if (boards.data.boards.length === 0) body = <Empty description="公司还没有收藏夹，在下方新建一个" />;
  else
    body = (
      <ul className="gs-board-picker" aria-label="公司的收藏夹">
        {boards.data.boards.map((board) => (
          <li key={board.sid} className="gs-board-picker__item">
            <div className="gs-board-picker__text">
              <div className="gs-board-picker__name">{board.name}</div>
              <div className="gs-text-secondary">
                {board.itemCount} 个素材 · {board.creatorName} 创建
              </div>
            </div>
            <Button
              kind="primary"
              aria-label={`加入「${board.name}」`}
              loading={add.isPending && add.variables?.sid === board.sid}
              onClick={() => addTo(board.sid, board.name)}
            >
              加入
            </Button>
          </li>
        ))}
      </ul>
    );

  return (
    <Sheet open={open} placement="center" title="加入团队收藏夹" className="gs-board-sheet" onClose={onClose}>
      <p className="gs-board-sheet__intro gs-text-secondary">
        收藏夹由主账号和子账号共享。{' '}
        <Link to={paths.user.board} onClick={onClose}>
          管理收藏夹
        </Link>
      </p>
      <div className="gs-board-picker__list">{body}</div>
      <form className="gs-board-picker__new" onSubmit={createAndAdd} noValidate>
        <TextField
          id={`${fieldId}-name`}
          label="新收藏夹名称"
          limit={BOARD_LIMITS.nameMax}
          placeholder="新建收藏夹，例如：春季婚戒"
          value={name}
          error={missing ? '请输入收藏夹名称' : nameTooLong}
          onChange={(event) => {
            setName(event.target.value);
            setMissing(false);
          }}
        />
        <Button kind="primary" type="submit" loading={create.isPending}>
          新建并加入
        </Button>
      </form>
    </Sheet>
  );
}
