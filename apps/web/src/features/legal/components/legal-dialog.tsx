import { Button, Modal } from 'antd';
import { useDialogs } from '@/stores/dialogs';
import { PrivacyGuideText, UserAgreementText } from './legal-texts';

/** The user agreement and personal information protection guide dialogs (spec §2). */
export function LegalDialog() {
  const doc = useDialogs((s) => s.legal);
  const close = useDialogs((s) => s.closeLegal);
  return (
    <Modal
      open={doc !== null}
      onCancel={close}
      title={doc === 'privacy' ? '个人信息保护指引' : '用户协议'}
      width={720}
      centered
      styles={{ body: { maxHeight: '65vh', overflowY: 'auto', paddingRight: 8 } }}
      footer={
        <Button type="primary" onClick={close}>
          我知道了
        </Button>
      }
      // above the register dialog that links here
      zIndex={1100}
    >
      {doc === 'privacy' ? <PrivacyGuideText /> : <UserAgreementText />}
    </Modal>
  );
}
