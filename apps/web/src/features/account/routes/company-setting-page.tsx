import { CompanyForm } from '@/components/company-form';
import { Alert } from '@/components/ui/feedback';
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
        <Alert type="info" className="gs-company-alert">
          子账号默认使用主账号的企业信息{parent?.company ? `（${parent.company}）` : ''}。
        </Alert>
      )}
      <Alert type="warning" className="gs-company-alert gs-company-alert--last">
        授权许可证书与发票均按企业信息开具，请确保与营业执照一致。
      </Alert>
      <div style={{ maxWidth: 560 }}>
        <CompanyForm user={user} />
      </div>
    </SectionCard>
  );
}
