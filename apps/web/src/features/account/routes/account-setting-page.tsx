import { Button, Descriptions, Space, Tag } from 'antd';
import { useState } from 'react';
import type { CodeChannel } from '@/api/send-code';
import { formatDate, formatDateTime } from '@/lib/form';
import { useCurrentUser } from '@/stores/session';
import { ChangeContactModal } from '../components/change-contact-modal';
import { ChangePasswordForm } from '../components/change-password-form';
import { SectionCard } from '../components/section-card';

/** /user/account-setting — account details, email/mobile binding and password. */
export default function AccountSettingPage() {
  const user = useCurrentUser();
  const [editing, setEditing] = useState<CodeChannel | null>(null);
  if (!user) return null;

  const contactAction = (channel: CodeChannel, has: boolean) => (
    <Button type="link" size="small" onClick={() => setEditing(channel)}>
      {has ? '修改' : '绑定'}
    </Button>
  );

  return (
    <>
      <SectionCard title="账号信息">
        <Descriptions
          column={{ xs: 1, md: 2 }}
          items={[
            {
              key: 'email',
              label: '邮箱',
              children: (
                <Space>
                  {user.email ?? '未绑定'}
                  {contactAction('email', Boolean(user.email))}
                </Space>
              ),
            },
            {
              key: 'mobile',
              label: '手机号',
              children: (
                <Space>
                  {user.mobile ?? '未绑定'}
                  {contactAction('mobile', Boolean(user.mobile))}
                </Space>
              ),
            },
            {
              key: 'type',
              label: '账号类型',
              children: user.level === 0 ? <Tag color="cyan">主账号</Tag> : <Tag>子账号</Tag>,
            },
            ...(user.level === 1
              ? [
                  { key: 'username', label: '用户名', children: user.username ?? '—' },
                  { key: 'name', label: '姓名', children: user.name ?? '—' },
                ]
              : []),
            {
              key: 'vip',
              label: '会员状态',
              children: user.isVip ? (
                <Tag color="gold">VIP（有效期至 {formatDate(user.vipValidBefore)}）</Tag>
              ) : (
                <Tag>普通会员</Tag>
              ),
            },
            { key: 'company', label: '企业', children: user.company ?? '未填写' },
            { key: 'downloads', label: '下载次数', children: user.downloadCount },
            { key: 'last', label: '最近登录', children: formatDateTime(user.lastLoginAt) },
          ]}
        />
      </SectionCard>
      <SectionCard title="修改密码">
        <ChangePasswordForm />
      </SectionCard>
      <ChangeContactModal
        channel={editing}
        hasCurrent={editing === 'email' ? Boolean(user.email) : Boolean(user.mobile)}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
