import { BOARD_LIMITS, BOARD_MESSAGES } from '@gemstock/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Sheet } from '@/components/ui/sheet';
import './board-sheets.css';
import { tooLongMessage } from '@/lib/form';

interface BoardNameModalProps {
  open: boolean;
  title: string;
  initial?: string;
  saving: boolean;
  onSave: (name: string) => void;
  onClose: () => void;
}

/** 新建 / 重命名: one field, the contract's length; Enter saves. */
export function BoardNameModal({ open, title, initial = '', saving, onSave, onClose }: BoardNameModalProps) {
  const formId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(initial);
  const [missing, setMissing] = useState(false);
  // each opening starts from the board's name (or empty), not from what was typed last time
  const [openedWith, setOpenedWith] = useState<string | null>(null);
  if (open && openedWith !== initial) {
    setOpenedWith(initial);
    setName(initial);
    setMissing(false);
  }
  if (!open && openedWith !== null) setOpenedWith(null);

  // after the dialog's own effect has opened it (a child's effect runs first): the field, not 关闭
  useEffect(() => {
    if (open) input.current?.select();
  }, [open]);

  const tooLong = tooLongMessage(name, BOARD_LIMITS.nameMax, '', BOARD_MESSAGES.nameMax);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setMissing(true);
    if (tooLong) return;
    onSave(trimmed);
  };

  return (
    <Sheet
      open={open}
      placement="center"
      title={title}
      className="gs-board-confirm"
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button kind="primary" type="submit" form={formId} loading={saving}>
            保存
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextField
          ref={input}
          id={`${formId}-name`}
          label="收藏夹名称"
          required
          limit={BOARD_LIMITS.nameMax}
          placeholder="例如：春季婚戒"
          value={name}
          error={missing ? '请输入收藏夹名称' : tooLong}
          onChange={(event) => {
            setName(event.target.value);
            setMissing(false);
          }}
        />
      </form>
    </Sheet>
  );
}
