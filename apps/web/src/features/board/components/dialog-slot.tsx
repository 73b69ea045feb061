import { type ReactNode, Suspense, useState } from 'react';

/**
 * Mounts a dialog whose code loads on first use (React.lazy) from the first time it opens, then
 * keeps it, so it closes as the native dialog does and keeps its state (a comment being written).
 */
export function DialogSlot({ when, children }: { when: boolean; children: ReactNode }) {
  const [seen, setSeen] = useState(when);
  if (when && !seen) setSeen(true);
  return seen || when ? <Suspense fallback={null}>{children}</Suspense> : null;
}
