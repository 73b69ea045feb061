import { PlusOutlined } from '@ant-design/icons';
import {
  MESSAGES,
  OPERATOR_MESSAGES,
  OPERATOR_ROLE_LABEL,
  OPERATOR_ROLES,
  type OperatorRole,
  type TOperatorAccount,
} from '@gemstock/contract';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { ScrollTable } from '@/components/scroll-table';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/date-time';
import { notify } from '@/lib/notify';
import { useAdminMe } from '../api/get-admin-me';
import { useCreateOperator, useOperators, useResetOperatorPassword, useUpdateOperator } from '../api/operators';
import { RefreshButton } from '../components/refresh-button';
import { useAdminSession } from '../lib/admin-session';

const ROLE_OPTIONS = OPERATOR_ROLES.map((value) => ({ value, label: OPERATOR_ROLE_LABEL[value] }));

/** What each role opens, beside its box in the forms. */
const ROLE_HINT: Record<OperatorRole, string> = {
  admin: '全部功能，包括账号管理和操作日志',
  content: '素材、上传、审核、关键词、批量修改',
  finance: '转账确认、退款、支付异常、发票、优惠券',
  service: '查看订单、定制需求、满意度调查、客服设置',
};

/** The roles as boxes; Form.Item passes the value and onChange through. */
function RoleBoxes(props: { value?: OperatorRole[]; onChange?: (roles: OperatorRole[]) => void }) {
  return (
    <Checkbox.Group<OperatorRole> {...props} style={{ display: 'grid', gap: 6 }}>
      {ROLE_OPTIONS.map((o) => (
        <Checkbox key={o.value} value={o.value}>
          {o.label}
          <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
            {ROLE_HINT[o.value]}
          </Typography.Text>
        </Checkbox>
      ))}
    </Checkbox.Group>
  );
}

function errorText(e: unknown): string {
  return isApiError(e) ? e.message : '操作失败，请稍后再试';
}

type ModalApi = ReturnType<typeof App.useApp>['modal'];

/** A password the server made up: shown this once, to be handed over to the operator. */
function showPassword(modal: ModalApi, title: string, username: string, password: string) {
  modal.success({
    title,
    content: (
      <Space orientation="vertical">
        <span>
          请将账号 <Typography.Text strong>{username}</Typography.Text> 的初始密码告知本人，关闭后将无法再次查看：
        </span>
        <Typography.Text copyable code style={{ fontSize: 16 }}>
          {password}
        </Typography.Text>
        <Typography.Text type="secondary">对方首次登录后需要设置自己的密码。</Typography.Text>
      </Space>
    ),
    okText: '我已记下',
  });
}

interface CreateValues {
  username: string;
  name?: string;
  roles: OperatorRole[];
  password?: string;
}

function CreateOperatorModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<CreateValues>();
  const create = useCreateOperator();
  const [error, setError] = useState<string | null>(null);
  const submit = (values: CreateValues) => {
    setError(null);
    create.mutate(
      { ...values, name: values.name?.trim() || null, password: values.password || undefined },
      {
        onSuccess: ({ operator, password }) => {
          form.resetFields();
          onClose();
          if (password) showPassword(modal, '账号已创建', operator.username, password);
          else notify.success('账号已创建');
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  };
  return (
    <Modal
      open={open}
      title="新建运营账号"
      okText="创建"
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form<CreateValues> form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item
          name="username"
          label="用户名"
          extra="登录用，字母、数字、下划线、点和短横线"
          rules={[{ required: true, whitespace: true, message: MESSAGES.username }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label="姓名" extra="显示在后台和操作日志中">
          <Input />
        </Form.Item>
        <Form.Item
          name="roles"
          label="角色"
          rules={[{ required: true, type: 'array', min: 1, message: OPERATOR_MESSAGES.roles }]}
        >
          <RoleBoxes />
        </Form.Item>
        <Form.Item
          name="password"
          label="初始密码"
          extra="留空则自动生成，创建后显示一次"
          rules={[{ min: 8, max: 64, message: MESSAGES.passwordLength }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function EditOperatorModal({ target, onClose }: { target: TOperatorAccount | null; onClose: () => void }) {
  const update = useUpdateOperator();
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      open={target !== null}
      title={`修改账号 ${target?.username ?? ''}`}
      okText="保存"
      confirmLoading={update.isPending}
      okButtonProps={{ htmlType: 'submit', form: 'edit-operator' }}
      onCancel={onClose}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {target && (
        <Form<{ name?: string; roles: OperatorRole[] }>
          id="edit-operator"
          layout="vertical"
          requiredMark={false}
          initialValues={{ name: target.name ?? '', roles: target.roles }}
          onFinish={(values) => {
            setError(null);
            update.mutate(
              { sid: target.sid, body: { name: values.name?.trim() || null, roles: values.roles } },
              {
                onSuccess: () => {
                  notify.success('已保存，角色变更立即生效');
                  onClose();
                },
                onError: (e) => setError(errorText(e)),
              },
            );
          }}
        >
          <Form.Item name="name" label="姓名">
            <Input />
          </Form.Item>
          <Form.Item
            name="roles"
            label="角色"
            rules={[{ required: true, type: 'array', min: 1, message: OPERATOR_MESSAGES.roles }]}
          >
            <RoleBoxes />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

function ResetPasswordModal({ target, onClose }: { target: TOperatorAccount | null; onClose: () => void }) {
  const { modal } = App.useApp();
  const reset = useResetOperatorPassword();
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      open={target !== null}
      title={`重置 ${target?.username ?? ''} 的密码`}
      okText="重置密码"
      okButtonProps={{ danger: true, htmlType: 'submit', form: 'reset-operator-password' }}
      confirmLoading={reset.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {target && (
        <Form<{ password?: string; clearTotp: boolean }>
          id="reset-operator-password"
          layout="vertical"
          requiredMark={false}
          initialValues={{ clearTotp: false }}
          onFinish={(values) => {
            setError(null);
            reset.mutate(
              { sid: target.sid, body: { password: values.password || undefined, clearTotp: values.clearTotp } },
              {
                onSuccess: ({ operator, password }) => {
                  onClose();
                  if (password) showPassword(modal, '密码已重置', operator.username, password);
                  else notify.success('密码已重置');
                },
                onError: (e) => setError(errorText(e)),
              },
            );
          }}
        >
          <Typography.Paragraph type="secondary">
            重置后该账号在所有设备上的登录立即失效，下次登录需使用新密码并设置自己的密码。
          </Typography.Paragraph>
          <Form.Item
            name="password"
            label="新密码"
            extra="留空则自动生成，重置后显示一次"
            rules={[{ min: 8, max: 64, message: MESSAGES.passwordLength }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          {target.totpEnabled && (
            <Form.Item name="clearTotp" valuePropName="checked" extra="对方丢失手机时选择，登录时将不再需要动态验证码">
              <Checkbox>同时关闭动态验证码登录</Checkbox>
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  );
}

/** 账号管理 (管理员): the operator accounts, their roles, state and passwords. */
export function OperatorsPage() {
  const list = useOperators();
  const update = useUpdateOperator();
  const token = useAdminSession((s) => s.token);
  const me = useAdminMe(token !== null).data?.operator;
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<TOperatorAccount | null>(null);
  const [resetting, setResetting] = useState<TOperatorAccount | null>(null);

  const setEnabled = (operator: TOperatorAccount, enabled: boolean) =>
    update.mutate(
      { sid: operator.sid, body: { enabled } },
      { onSuccess: () => notify.success(enabled ? '账号已启用' : '账号已停用，其登录已立即失效') },
    );

  return (
    <Card
      title="运营账号"
      extra={
        <Space>
          <RefreshButton query={list} />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            新建账号
          </Button>
        </Space>
      }
    >
      <ScrollTable<TOperatorAccount>
        regionLabel="运营账号列表"
        rowKey="sid"
        loading={list.isLoading}
        loadState={list}
        dataSource={list.data?.operators ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        columns={[
          {
            title: '账号',
            key: 'account',
            render: (_, o) => (
              <Space orientation="vertical" size={0}>
                <span>{o.name ?? o.username}</span>
                {o.name && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {o.username}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: '角色',
            dataIndex: 'roles',
            render: (roles: OperatorRole[]) =>
              roles.length ? (
                roles.map((r) => <Tag key={r}>{OPERATOR_ROLE_LABEL[r]}</Tag>)
              ) : (
                <Tag color="red">无角色</Tag>
              ),
          },
          {
            title: '动态验证码',
            dataIndex: 'totpEnabled',
            width: 110,
            render: (on: boolean) => (on ? <Tag color="green">已开启</Tag> : <Tag>未开启</Tag>),
          },
          {
            title: '最近登录',
            dataIndex: 'lastLoginAt',
            width: 150,
            render: (iso: string | null) => formatDateTime(iso),
          },
          {
            title: '启用',
            dataIndex: 'enabled',
            width: 90,
            render: (enabled: boolean, o) =>
              o.sid === me?.sid ? (
                <Tag color="green">本人</Tag>
              ) : (
                <Popconfirm
                  title={enabled ? `停用 ${o.username}？` : `启用 ${o.username}？`}
                  description={enabled ? '停用后该账号的登录立即失效，且无法再登录' : undefined}
                  okText={enabled ? '停用' : '启用'}
                  okButtonProps={{ danger: enabled }}
                  onConfirm={() => setEnabled(o, !enabled)}
                >
                  <Switch checked={enabled} aria-label={`${enabled ? '停用' : '启用'} ${o.username}`} />
                </Popconfirm>
              ),
          },
          {
            title: '操作',
            key: 'actions',
            width: 200,
            render: (_, o) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEditing(o)}>
                  修改角色
                </Button>
                <Button type="link" size="small" danger onClick={() => setResetting(o)}>
                  重置密码
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <CreateOperatorModal open={creating} onClose={() => setCreating(false)} />
      <EditOperatorModal target={editing} onClose={() => setEditing(null)} />
      <ResetPasswordModal target={resetting} onClose={() => setResetting(null)} />
    </Card>
  );
}
