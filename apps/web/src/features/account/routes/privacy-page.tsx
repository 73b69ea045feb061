import {
  PRIVACY_REPLY_WORKING_DAYS,
  PRIVACY_TEXT_MAX,
  PrivacyRequestKind,
  type TPrivacyRequest,
  formatYuan,
} from '@gemstock/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { Alert, SkeletonText, Tag } from '@/components/ui/feedback';
import { TextField } from '@/components/ui/field';
import { Table, type TableColumn } from '@/components/ui/table';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/form';
import { notify } from '@/lib/notify';
import {
  useCreatePrivacyRequest,
  useDeletionCheck,
  useDownloadArchive,
  usePrivacyRequests,
} from '../api/privacy-requests';
import { SectionCard } from '../components/section-card';
import { PRIVACY_KIND_LABEL, PRIVACY_STATUS_TAG } from '../lib/privacy-labels';
import './privacy-page.css';

const KIND_HELP: Record<PrivacyRequestKind, string> = {
  COPY: '我们将整理您账号的资料、企业信息、订单、授权、发票、钱包流水、收藏、收藏夹评论、定制需求与下载记录，生成压缩包（JSON 与 CSV 文件）供您下载，有效期 7 天。',
  CORRECTION: '请写明哪项信息有误、正确的内容是什么。邮箱、手机号和企业信息也可以直接在“账号设置”“企业信息”中修改。',
  DELETION:
    '注销后将删除您的姓名、邮箱、手机号等个人信息及您在团队收藏夹中的评论，账号无法再登录；订单、发票与授权记录依法保存。主账号注销时，其子账号一并注销，企业的团队收藏夹及其分享链接一并删除。',
};

/** What the user asks for: a copy, a correction or the deletion of the account. */
function RequestForm({ onSent }: { onSent: () => void }) {
  const [kind, setKind] = useState<PrivacyRequestKind>(PrivacyRequestKind.COPY);
  const [detail, setDetail] = useState('');
  const [forfeit, setForfeit] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const create = useCreatePrivacyRequest();
  const deleting = kind === PrivacyRequestKind.DELETION;
  const check = useDeletionCheck(deleting);

  const blockers = check.data?.blockers ?? [];
  const balance = check.data?.balanceCents ?? 0;
  const deletionReady =
    !deleting || (check.isSuccess && blockers.length === 0 && understood && (balance === 0 || forfeit));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const text = detail.trim();
    if (kind === PrivacyRequestKind.CORRECTION && text === '') return setFieldError('请填写需要更正的内容');
    if (text.length > PRIVACY_TEXT_MAX) return setFieldError(`最多 ${PRIVACY_TEXT_MAX} 个字`);
    setFieldError(undefined);
    try {
      await create.mutateAsync({ kind, ...(text ? { detail: text } : {}), forfeitBalance: deleting && forfeit });
      notify.success('已提交，我们将在 15 个工作日内处理');
      setDetail('');
      setUnderstood(false);
      setForfeit(false);
      onSent();
    } catch (error) {
      setRefusal(isApiError(error) ? error.message : '提交失败，请稍后重试');
      if (deleting) void check.refetch();
    }
  };

  return (
    <form className="gs-privacy-form" onSubmit={(e) => void submit(e)} noValidate>
      <ChoiceGroup<PrivacyRequestKind>
        label="请求类型"
        look="cards"
        value={kind}
        onChange={(next) => {
          setKind(next);
          setRefusal(null);
          setFieldError(undefined);
        }}
        choices={(Object.keys(PRIVACY_KIND_LABEL) as PrivacyRequestKind[]).map((value) => ({
          value,
          label: (
            <span className="gs-privacy-choice">
              <strong>{PRIVACY_KIND_LABEL[value]}</strong>
              <span className="gs-privacy-choice__help">{KIND_HELP[value]}</span>
            </span>
          ),
        }))}
      />
      <TextField
        multiline
        id="privacy-detail"
        label={kind === PrivacyRequestKind.CORRECTION ? '需要更正的内容' : '补充说明（选填）'}
        required={kind === PrivacyRequestKind.CORRECTION}
        rows={3}
        limit={PRIVACY_TEXT_MAX}
        value={detail}
        error={fieldError}
        placeholder={kind === PrivacyRequestKind.CORRECTION ? '例如：姓名应为“王晓明”，不是“王小明”' : undefined}
        onChange={(e) => setDetail(e.target.value)}
      />
      {deleting && (
        <div className="gs-privacy-deletion">
          {check.isLoading && <SkeletonText rows={2} />}
          {check.isError && (
            <Alert
              type="error"
              action={
                <Button size="small" onClick={() => void check.refetch()}>
                  重试
                </Button>
              }
            >
              无法确认账号能否注销
            </Alert>
          )}
          {blockers.length > 0 && (
            <Alert
              type="warning"
              description={
                <ul className="gs-privacy-list">
                  {blockers.map((b) => (
                    <li key={b}>{b}</li>
                  ))}
                </ul>
              }
            >
              以下事项完成后才能申请注销：
            </Alert>
          )}
          {check.data && check.data.subAccounts > 0 && (
            <Alert type="warning">您的 {check.data.subAccounts} 个子账号将随主账号一并注销。</Alert>
          )}
          {check.isSuccess && blockers.length === 0 && (
            <>
              {balance > 0 && (
                <Checkbox checked={forfeit} onChange={(e) => setForfeit(e.target.checked)}>
                  我确认放弃钱包中未过期的余额 {formatYuan(balance)}（注销后不退还，到期作废）
                </Checkbox>
              )}
              <Checkbox checked={understood} onChange={(e) => setUnderstood(e.target.checked)}>
                我已了解：注销后账号无法登录、个人信息将被删除且不可恢复
              </Checkbox>
            </>
          )}
        </div>
      )}
      {refusal && <Alert type="error">{refusal}</Alert>}
      <div>
        <Button
          kind="primary"
          type="submit"
          className={deleting ? 'gs-privacy-danger' : undefined}
          loading={create.isPending}
          disabled={!deletionReady}
        >
          {deleting ? '申请注销账号' : '提交请求'}
        </Button>
      </div>
    </form>
  );
}

/** /user/privacy — 个人信息: ask for a copy, a correction or the deletion of the account, and see the requests. */
export default function PrivacyPage() {
  const requests = usePrivacyRequests();
  const download = useDownloadArchive();
  const rows = requests.data?.requests ?? [];

  const columns: TableColumn<TPrivacyRequest>[] = [
    { key: 'kind', title: '类型', width: 150, render: (row) => PRIVACY_KIND_LABEL[row.kind] },
    { key: 'created', title: '提交时间', width: 160, render: (row) => formatDateTime(row.createdAt) },
    {
      key: 'due',
      title: '答复期限',
      width: 130,
      render: (row) => <span className="gs-privacy-nowrap">{row.dueDate} 前</span>,
    },
    {
      key: 'status',
      title: '状态',
      width: 100,
      render: (row) => <Tag color={PRIVACY_STATUS_TAG[row.status].color}>{PRIVACY_STATUS_TAG[row.status].label}</Tag>,
    },
    {
      key: 'result',
      title: '说明',
      render: (row) => (
        <div className="gs-privacy-result">
          {row.detail && <div className="gs-privacy-result__detail">您的说明：{row.detail}</div>}
          {row.resolution && <div>处理结果：{row.resolution}</div>}
          {row.archiveExpiresAt && (
            <Button
              kind="link"
              size="small"
              loading={download.isPending && download.variables === row.sid}
              onClick={() => download.mutate(row.sid)}
            >
              下载数据副本（{formatDateTime(row.archiveExpiresAt).slice(0, 10)} 前有效）
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <SectionCard title="个人信息请求">
        <Alert type="info" className="gs-privacy-intro">
          依据《个人信息保护法》，您可以获取个人信息副本、更正或注销账号。我们将在 {PRIVACY_REPLY_WORKING_DAYS}{' '}
          个工作日内答复，处理结果会通过邮件或短信通知您。
        </Alert>
        <RequestForm onSent={() => void requests.refetch()} />
      </SectionCard>
      <SectionCard title="我的请求">
        {requests.isError ? (
          <Alert
            type="error"
            action={
              <Button size="small" onClick={() => void requests.refetch()}>
                重试
              </Button>
            }
          >
            请求记录加载失败
          </Alert>
        ) : (
          <Table<TPrivacyRequest>
            label="我的个人信息请求"
            rowKey="sid"
            loading={requests.isLoading}
            rows={rows}
            columns={columns}
            minWidth={720}
            empty="还没有提交过请求"
          />
        )}
      </SectionCard>
    </>
  );
}
