import { CheckOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { Button, Col, Flex, Modal, Row, Tag, Typography } from 'antd';
import { useState } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { useServiceQr } from '@/api/service-qr';
import { PriceText } from '@/components/price-text';
import { ServiceContact } from '@/components/service-contact';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import { useDialogs } from '@/stores/dialogs';
import { useIsLoggedIn } from '@/stores/session';
import { CUSTOMIZATION_TIERS, type CustomizationTier, type TierKey } from './customization-tiers';

/**
 * The global customization dialog (spec §2): advanced, super and AI video tiers with the
 * customer-service QR code. Opened from the free page it shows the QR code in place of the
 * start button. Needs login: the header opens the login dialog first.
 */
export function CustomizationDialog() {
  const { open, variant } = useDialogs((s) => s.customize);
  const close = useDialogs((s) => s.closeCustomize);
  const isLoggedIn = useIsLoggedIn();
  const service = useServiceQr(open && isLoggedIn);
  const navigate = useNavigate();
  const [consulting, setConsulting] = useState<TierKey | null>(null);
  // Opened on a material's page, the dialog customizes that material.
  const location = useLocation();
  const materialSid = matchPath('/detail/:sid', location.pathname)?.params.sid ?? null;
  const customizeUrl = (tier: TierKey) =>
    `${paths.customize}?material=${encodeURIComponent(materialSid ?? '')}&tier=${tier === 'ai-video' ? 'ai_video' : tier}`;

  const showQrInCard = (tier: CustomizationTier) => variant === 'free' || consulting === tier.key;

  const start = (tier: CustomizationTier) => {
    if (materialSid) {
      close();
      void navigate(customizeUrl(tier.key));
      return;
    }
    if (tier.key === 'advanced') {
      close();
      notify.info('请选择一张素材，在素材详情页点击“定制”即可开始高级定制');
      void navigate(paths.home);
      return;
    }
    setConsulting(tier.key);
  };

  const qr = (
    <ServiceContact
      contact={service.data}
      loading={service.isLoading}
      size={120}
      caption="微信扫码咨询定制客服"
      emptyText={isLoggedIn ? '客服二维码暂不可用' : '登录后可见'}
    />
  );

  return (
    <Modal
      open={open}
      onCancel={() => {
        setConsulting(null);
        close();
      }}
      title="定制服务"
      footer={null}
      width={980}
      centered
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        找到喜欢的素材却想换成自家产品？选择适合您的定制方式，设计师为您完成。
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {CUSTOMIZATION_TIERS.map((tier) => (
          <Col xs={24} md={8} key={tier.key}>
            <div className={`gs-tier${tier.key === 'advanced' ? ' gs-tier--featured' : ''}`}>
              <Flex justify="space-between" align="center">
                <Typography.Title level={4} style={{ margin: 0 }}>
                  {tier.name}
                </Typography.Title>
                {tier.key === 'advanced' && <Tag color="gold">最受欢迎</Tag>}
              </Flex>
              <Typography.Text type="secondary">{tier.tagline}</Typography.Text>
              <div style={{ margin: '16px 0 8px' }}>
                {tier.priceCents !== null ? (
                  <>
                    <PriceText cents={tier.priceCents} size="large" />
                    <Typography.Text type="secondary"> / {tier.priceNote}</Typography.Text>
                  </>
                ) : (
                  <Typography.Text strong style={{ fontSize: 20, color: 'var(--gs-price)' }}>
                    {tier.priceNote}
                  </Typography.Text>
                )}
              </div>
              <ul className="gs-tier__points">
                {tier.points.map((p) => (
                  <li key={p}>
                    <CheckOutlined /> {p}
                  </li>
                ))}
              </ul>
              <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 16 }}>
                <ClockCircleOutlined /> 交付周期：{tier.leadTime}
              </Typography.Text>
              <div className="gs-tier__action">
                {showQrInCard(tier) ? (
                  qr
                ) : (
                  <Button
                    type={tier.key === 'advanced' ? 'primary' : 'default'}
                    block
                    size="large"
                    onClick={() => start(tier)}
                  >
                    {tier.key === 'advanced' || materialSid ? '开始定制' : '咨询客服'}
                  </Button>
                )}
              </div>
            </div>
          </Col>
        ))}
      </Row>
      {variant !== 'free' && (
        <Flex gap={20} align="center" className="gs-card" style={{ marginTop: 16, padding: 16 }}>
          {qr}
          <div>
            <Typography.Text strong>定制流程</Typography.Text>
            <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
              提交需求并付款 → 设计师 3 个工作日内出首稿 → 您当天反馈意见 → 第一轮修改 → 第二轮修改 → 交付成品。
              <br />
              不确定选哪种方式？扫码添加定制客服，我们帮您评估。
            </Typography.Paragraph>
          </div>
        </Flex>
      )}
    </Modal>
  );
}
