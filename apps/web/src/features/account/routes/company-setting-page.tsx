import { Alert } from 'antd';
import { CompanyForm } from '@/components/company-form';
import { useCurrentUser, useSession } from '@/stores/session';
import { SectionCard } from '../components/section-card';

/** /user/company-setting — the company form inline. */
export default function CompanySettingPage() {
  const user = useCurrentUser();
  const parent = useSession((s) => s.userParent);
  if (!user) return null;
  return (
    <SectionCard title="企业信息">
      {user.level === 1 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`子账号默认使用主账号的企业信息${parent?.company ? `（${parent.company}）` : ''}。`}
        />
      )}
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 24 }}
        title="授权许可证书与发票均按企业信息开具，请确保与营业执照一致。"
      />
      <div style={{ maxWidth: 560 }}>
        <CompanyForm user={user} />
      </div>
    </SectionCard>
  );
}
