import {
  MAX_LENGTH,
  type TCompanyRequest,
  type TUser,
  zCompanyAddress,
  zCompanyLicense,
  zCompanyName,
} from '@gemstock/contract';
import { Button, Form, Input, Space } from 'antd';
import type { ReactNode } from 'react';
import { useUpdateCompany } from '@/api/update-company';
import { applyFieldErrors, schemaRule } from '@/lib/form';
import { notify } from '@/lib/notify';

interface CompanyFormProps {
  user: TUser | null;
  onSaved?: (user: TUser) => void;
  submitText?: string;
  /** Extra buttons beside submit (a dialog's 取消). */
  extraActions?: ReactNode;
  disabled?: boolean;
  /** Form name, which prefixes the input ids; give each mounted instance its own. */
  name?: string;
}

/**
 * Company info (spec §3 company form): full name, credit code or taxpayer ID, address.
 * Used by the company dialog and by /user/company-setting.
 */
export function CompanyForm({
  user,
  onSaved,
  submitText = '保存',
  extraActions,
  disabled,
  name = 'company',
}: CompanyFormProps) {
  const [form] = Form.useForm<TCompanyRequest>();
  const mutation = useUpdateCompany();

  const onFinish = async (values: TCompanyRequest) => {
    try {
      const { user: saved } = await mutation.mutateAsync(values);
      notify.success('更新成功');
      onSaved?.(saved);
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };

  return (
    <Form<TCompanyRequest>
      name={name}
      form={form}
      layout="vertical"
      requiredMark
      disabled={disabled}
      initialValues={{
        company: user?.company ?? '',
        company_license: user?.license ?? '',
        company_address: user?.address ?? '',
      }}
      onFinish={onFinish}
    >
      <Form.Item label="企业全称" name="company" required rules={[schemaRule(zCompanyName)]}>
        <Input placeholder="与营业执照一致的企业全称" maxLength={MAX_LENGTH.company} autoComplete="organization" />
      </Form.Item>
      <Form.Item
        label="统一社会信用代码/纳税人识别号"
        name="company_license"
        required
        rules={[schemaRule(zCompanyLicense)]}
      >
        <Input placeholder="18 位统一社会信用代码或纳税人识别号" maxLength={MAX_LENGTH.license} />
      </Form.Item>
      <Form.Item label="企业地址" name="company_address" required rules={[schemaRule(zCompanyAddress)]}>
        <Input.TextArea
          placeholder="企业注册或经营地址"
          maxLength={MAX_LENGTH.address}
          autoSize={{ minRows: 2, maxRows: 4 }}
          autoComplete="street-address"
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Space>
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {submitText}
          </Button>
          {extraActions}
        </Space>
      </Form.Item>
    </Form>
  );
}
