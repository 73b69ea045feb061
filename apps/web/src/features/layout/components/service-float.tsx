import { CustomerServiceOutlined } from '@ant-design/icons';
import { Button, FloatButton, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useServiceQr } from '@/api/service-qr';
import { ServiceContact } from '@/components/service-contact';
import { currentAppPath } from '@/lib/navigation';
import { useDialogs } from '@/stores/dialogs';
import { useIsLoggedIn } from '@/stores/session';

/**
 * Floating customer-service icon (spec §2): on hover the service QR when logged in, otherwise
 * a prompt to log in; clicking it while logged out opens the login dialog.
 */
export function ServiceFloat() {
  const isLoggedIn = useIsLoggedIn();
  const [hovered, setHovered] = useState(false);
  const service = useServiceQr(isLoggedIn && hovered);
  const openAuth = useDialogs((s) => s.openAuth);
  const login = () => openAuth('login', { kind: 'navigate', to: currentAppPath() });

  const content = isLoggedIn ? (
    <ServiceContact contact={service.data} loading={service.isLoading} size={160} caption="微信扫码联系客服" />
  ) : (
    <div style={{ width: 180, textAlign: 'center' }}>
      <Typography.Paragraph style={{ marginBottom: 12 }}>登录后即可扫码联系专属客服</Typography.Paragraph>
      <Button type="primary" size="small" onClick={login}>
        登录
      </Button>
    </div>
  );

  return (
    <Popover
      content={content}
      title="联系客服"
      placement="leftBottom"
      onOpenChange={(open) => open && setHovered(true)}
    >
      <FloatButton
        icon={<CustomerServiceOutlined />}
        type="primary"
        tooltip={undefined}
        aria-label="联系客服"
        // below modals and drawers (antd's popup base is 1000; the float's own default is above it)
        style={{ insetInlineEnd: 32, bottom: 48, width: 52, height: 52, zIndex: 999 }}
        onClick={() => {
          if (!isLoggedIn) login();
          else setHovered(true);
        }}
      />
    </Popover>
  );
}
