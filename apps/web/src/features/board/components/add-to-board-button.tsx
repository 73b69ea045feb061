import type { LicenceType } from '@gemstock/contract';
import { Suspense, lazy, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { PlusOutlined } from '@/components/ui/icon-paths';
import { dialogs } from '@/stores/dialogs';
import { useIsLoggedIn } from '@/stores/session';

// the dialog and its calls load on the first click: the detail page stays light
const AddToBoardModal = lazy(async () => ({
  default: (await import('./add-to-board-modal')).AddToBoardModal,
}));

/** 加入收藏夹 on a material: signed out, it asks for the login first. */
export function AddToBoardButton({
  material,
  spec,
  disabled,
}: {
  material: string;
  spec: LicenceType | null;
  disabled?: boolean;
}) {
  const isLoggedIn = useIsLoggedIn();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const onClick = () => {
    if (!isLoggedIn) {
      dialogs.openLogin({ kind: 'navigate', to: window.location.pathname });
      return;
    }
    setOpened(true);
    setOpen(true);
  };
  return (
    <>
      <Button size="large" icon={<Icon icon={PlusOutlined} />} onClick={onClick} disabled={disabled}>
        加入收藏夹
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <AddToBoardModal open={open} material={material} spec={spec} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
