import { Alert, Button, Modal } from 'antd';
import { CompanyForm } from '@/components/company-form';
import { useDialogs } from '@/stores/dialogs';
import { useCurrentUser } from '@/stores/session';

/**
 * Company info dialog (spec §2). Opened when an action needs a company (error 1012,
 * 'no-company'); after saving, the interrupted flow continues through `onSaved`.
 */
export function CompanyDialog() {
  const { open, onSaved } = useDialogs((s) => s.company);
  const close = useDialogs((s) => s.closeCompany);
  const user = useCurrentUser();

  return (
    <Modal open={open} onCancel={close} title="完善企业信息" footer={null} width={520} destroyOnHidden centered>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="授权许可以企业名义签署，发票也将按以下信息开具，请如实填写。"
      />
      <CompanyForm
        name="company-dialog"
        user={user}
        submitText="保存"
        extraActions={<Button onClick={close}>取消</Button>}
        onSaved={() => {
          close();
          onSaved?.();
        }}
      />
    </Modal>
  );
}
