import { type ReactNode, Suspense, useState } from 'react';
import type { CodeChannel } from '@/api/send-code';
import { lazyWithAntd } from '@/app/with-antd';
import { Button } from '@/components/ui/button';
import { Tag } from '@/components/ui/feedback';
import { formatDate, formatDateTime } from '@/lib/form';
import { useCurrentUser } from '@/stores/session';
import { ChangePasswordForm } from '../components/change-password-form';
import { SectionCard } from '../components/section-card';

/** Opened from 修改/绑定: its code and antd load on the first click, not with the page. */
const ChangeContactModal = lazyWithAntd(() => import('../components/change-contact-modal'), 'ChangeContactModal');

/** A line of 账号信息: a term and what the account has. */
interface Fact {
  key: string;
  label: string;
  value: ReactNode;
}

/** /user/account-setting — account details, email/mobile binding and password. */
export default function AccountSettingPage() {
  const user = useCurrentUser();
  const [editing, setEditing] = useState<CodeChannel | null>(null);
  // kept mounted once opened, so the dialog closes with its animation
  const [contactOpened, setContactOpened] = useState(false);
  if (!user) return null;

  const edit = (channel: CodeChannel) => {
    setContactOpened(true);
    setEditing(channel);
  };
  /** The address on the account, with 修改 or 绑定 opening the dialog that sends it a code. */
  const contactFact = (channel: CodeChannel, label: string): Fact => {
    const current = user[channel];
    return {
      key: channel,
      label,
      value: (
        <span className="gs-account-contact">
          {current ?? '未绑定'}
          <Button kind="link" size="small" onClick={() => edit(channel)}>
            {current ? '修改' : '绑定'}
          </Button>
        </span>
      ),
    };
  };

  const facts: Fact[] = [
    contactFact('email', '邮箱'),
    contactFact('mobile', '手机号'),
    {
      key: 'type',
      label: '账号类型',
      value: user.level === 0 ? <Tag color="cyan">主账号</Tag> : <Tag color="default">子账号</Tag>,
    },
    ...(user.level === 1
      ? [
          { key: 'username', label: '用户名', value: user.username ?? '—' },
          { key: 'name', label: '姓名', value: user.name ?? '—' },
        ]
      : []),
    {
      key: 'vip',
      label: '会员状态',
      value: user.isVip ? (
        <Tag color="gold">VIP（有效期至 {formatDate(user.vipValidBefore)}）</Tag>
      ) : (
        <Tag color="default">普通会员</Tag>
      ),
    },
    { key: 'company', label: '企业', value: user.company ?? '未填写' },
    { key: 'downloads', label: '下载次数', value: user.downloadCount },
    { key: 'last', label: '最近登录', value: formatDateTime(user.lastLoginAt) },
  ];

  return (
    <>
      <SectionCard title="账号信息">
        <dl className="gs-facts-list gs-account-facts">
          {facts.map((fact) => (
            <div key={fact.key}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      </SectionCard>
      <SectionCard title="修改密码">
        <ChangePasswordForm />
      </SectionCard>
      {contactOpened && (
        <Suspense fallback={null}>
          <ChangeContactModal
            channel={editing}
            hasCurrent={editing === 'email' ? Boolean(user.email) : Boolean(user.mobile)}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
    </>
  );
}
