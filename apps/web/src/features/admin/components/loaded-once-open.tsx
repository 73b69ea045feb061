import { type ReactNode, Suspense, useState } from 'react';

/**
 * Renders a lazily loaded drawer or dialog from the first time it opens, and keeps it rendered
 * afterwards so it closes with its animation. Until then its code is not loaded: a list page's
 * first render does not wait for the forms it opens on a click.
 */
export function LoadedOnceOpen({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
