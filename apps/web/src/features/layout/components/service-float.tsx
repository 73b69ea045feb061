import { CustomerServiceOutlined } from '@/components/ui/icon-paths';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { useServiceQr } from '@/api/service-qr';
import { lazyWithAntd } from '@/app/with-antd';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { currentAppPath } from '@/lib/navigation';
import { useDialogs } from '@/stores/dialogs';
import { useIsLoggedIn } from '@/stores/session';

const ServiceContact = lazyWithAntd(() => import('@/components/service-contact'), 'ServiceContact');

/** Hovering the button opens the panel; leaving it closes the panel after this grace period. */
const CLOSE_DELAY_MS = 150;

/**
 * Floating customer-service icon (spec §2): on hover or focus the service QR when logged in,
 * otherwise a prompt to log in; clicking it while logged out opens the login dialog. The button
 * and panel are plain elements (this is on every page); the QR's code loads on first open.
 */
export function ServiceFloat() {
  const isLoggedIn = useIsLoggedIn();
  const [open, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const service = useServiceQr(isLoggedIn && hasOpened);
  const openAuth = useDialogs((s) => s.openAuth);
  const closeTimer = useRef<number | undefined>(undefined);
  const panelId = useId();
  const login = () => openAuth('login', { kind: 'navigate', to: currentAppPath() });
  // a pending close must not fire after the button is gone
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const show = () => {
    window.clearTimeout(closeTimer.current);
    setOpen(true);
    setHasOpened(true);
  };
  const hide = () => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
  };

  return (
    <div
      className="gs-service-float"
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) hide();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      {open && (
        <div className="gs-service-float__panel" id={panelId} role="dialog" aria-label="联系客服">
          <div className="gs-service-float__title">联系客服</div>
          {isLoggedIn ? (
            <Suspense fallback={<div className="gs-service-float__loading" aria-busy="true" />}>
              <ServiceContact
                contact={service.data}
                loading={service.isLoading}
                size={160}
                caption="微信扫码联系客服"
              />
            </Suspense>
          ) : (
            <div className="gs-service-float__login">
              <p>登录后即可扫码联系专属客服</p>
              <Button kind="primary" size="small" onClick={login}>
                登录
              </Button>
            </div>
          )}
        </div>
      )}
      <button
        type="button"
        className="gs-service-float__button"
        aria-label="联系客服"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => {
          if (!isLoggedIn) login();
          else show();
        }}
      >
        <Icon icon={CustomerServiceOutlined} />
      </button>
    </div>
  );
}
