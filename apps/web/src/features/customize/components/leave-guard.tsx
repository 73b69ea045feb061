import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '@/components/ui/button';
import { Sheet } from '@/components/ui/sheet';

/**
 * While `when` holds, leaving the page asks first: another page of the app (a link, back,
 * forward) through the router's blocker and this dialog; closing or reloading the tab through
 * the browser's own question. Moving within the page (its query) is not leaving.
 */
export function LeaveGuard({ when, children }: { when: boolean; children: string }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers ask only when a value is returned
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);

  const stay = () => blocker.reset?.();
  return (
    <Sheet
      open={blocker.state === 'blocked'}
      placement="center"
      title="离开当前页面？"
      className="gs-leave-guard"
      onClose={stay}
      footer={
        <>
          <Button onClick={() => blocker.proceed?.()}>离开</Button>
          <Button kind="primary" onClick={stay}>
            继续填写
          </Button>
        </>
      }
    >
      <p className="gs-leave-guard__text">{children}</p>
    </Sheet>
  );
}
