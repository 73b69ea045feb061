import { CustomerServiceOutlined, FileProtectOutlined, PictureOutlined, SkinOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Typography } from 'antd';
import { useDialogs } from '@/stores/dialogs';

const POINTS = [
  { icon: <PictureOutlined />, title: '正版珠宝素材', text: '精选珠宝图片与视频，按用途选择扩展、标准或新媒体授权' },
  { icon: <FileProtectOutlined />, title: '企业授权与发票', text: '以企业名义签署授权许可，支持开具发票与对公转账' },
  { icon: <SkinOutlined />, title: '定制设计', text: '替换为您的产品、Logo 与文案，或一对一全新定制' },
  { icon: <CustomerServiceOutlined />, title: '专属客服', text: '扫码添加客服，选图、授权与定制问题随时咨询' },
];

/** Guide dialog (spec §2): its registration button opens the register form. */
export function GuideDialog() {
  const open = useDialogs((s) => s.guideOpen);
  const close = useDialogs((s) => s.closeGuide);
  const openAuth = useDialogs((s) => s.openAuth);

  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      width={560}
      centered
      // names the dialog for screen readers; the heading below is what the eye sees
      title="欢迎来到宝图"
      classNames={{ header: 'gs-sr-only' }}
    >
      <div style={{ textAlign: 'center', padding: '8px 8px 0' }}>
        <Typography.Title level={3} style={{ marginBottom: 4 }}>
          欢迎来到宝图
        </Typography.Title>
        <Typography.Paragraph type="secondary">为珠宝品牌与门店提供可商用的正版视觉素材</Typography.Paragraph>
      </div>
      <Flex vertical gap={14} style={{ margin: '16px 8px 24px' }}>
        {POINTS.map((p) => (
          <Flex key={p.title} gap={14} align="flex-start">
            <span className="gs-guide-icon">{p.icon}</span>
            <div>
              <Typography.Text strong>{p.title}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{p.text}</Typography.Text>
            </div>
          </Flex>
        ))}
      </Flex>
      <Flex gap={12} justify="center">
        <Button size="large" onClick={close}>
          先逛逛
        </Button>
        <Button size="large" type="primary" onClick={() => openAuth('register')}>
          免费注册
        </Button>
      </Flex>
    </Modal>
  );
}
