import { MAX_LENGTH, type TCompanyRequest, type TUser } from '@gemstock/contract';
import type { ReactNode } from 'react';
import { useUpdateCompany } from '@/api/update-company';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useLightForm } from '@/lib/light-form';
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

const loadSchemas = async () => {
  const { zCompanyName, zCompanyLicense, zCompanyAddress } = await import('@/lib/field-schemas');
  return { company: zCompanyName, company_license: zCompanyLicense, company_address: zCompanyAddress };
};

/** In the order they are shown; the address is a textarea, as addresses run long. */
const COMPANY_FIELDS = [
  {
    name: 'company',
    label: '企业全称',
    placeholder: '与营业执照一致的企业全称',
    limit: MAX_LENGTH.company,
    autoComplete: 'organization',
  },
  {
    name: 'company_license',
    label: '统一社会信用代码/纳税人识别号',
    placeholder: '18 位统一社会信用代码或纳税人识别号',
    limit: MAX_LENGTH.license,
  },
  {
    name: 'company_address',
    label: '企业地址',
    placeholder: '企业注册或经营地址',
    limit: MAX_LENGTH.address,
    autoComplete: 'street-address',
    multiline: true,
  },
] as const;

/**
 * Company info (spec §3 company form): full name, credit code or taxpayer ID, address.
 * Used by the company dialog and by /user/company-setting, which loads no antd: plain fields
 * checked with the contract's schemas once they load.
 */
export function CompanyForm({
  user,
  onSaved,
  submitText = '保存',
  extraActions,
  disabled,
  name = 'company',
}: CompanyFormProps) {
  const mutation = useUpdateCompany();
  const form = useLightForm<keyof TCompanyRequest>({
    name,
    initialValues: {
      company: user?.company ?? '',
      company_license: user?.license ?? '',
      company_address: user?.address ?? '',
    },
    schemas: loadSchemas,
    onSubmit: async (values) => {
      try {
        const { user: saved } = await mutation.mutateAsync(values);
        notify.success('更新成功');
        onSaved?.(saved);
      } catch (error) {
        form.showServerErrors(error);
      }
    },
  });

  return (
    <form name={name} noValidate onSubmit={(event) => void form.handleSubmit(event)}>
      {COMPANY_FIELDS.map(({ name, ...field }) => (
        <TextField key={name} {...form.field(name)} {...field} required disabled={disabled} />
      ))}
      <div className="gs-form-actions">
        <Button kind="primary" type="submit" loading={mutation.isPending} disabled={disabled}>
          {submitText}
        </Button>
        {extraActions}
      </div>
    </form>
  );
}
