import {
  CONTENT_BODY_MAX,
  CONTENT_KEY_LABEL,
  CONTENT_TITLE_MAX,
  type ContentKey,
  type TContentDocument,
  type TContentVersion,
  type TContentVersionSummary,
} from '@gemstock/contract';
import { App, Button, Card, Col, Empty, Flex, Input, Modal, Row, Space, Spin, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import './content-page.css';
import { LoadError } from '@/components/load-error';
import { ScrollTable } from '@/components/scroll-table';
import { formatDateTime } from '@/lib/date-time';
import { notify } from '@/lib/notify';
import {
  useContentDocuments,
  useContentPreview,
  useContentVersion,
  useContentVersions,
  useFetchContentVersion,
  usePublishContent,
  useRollbackContent,
  useSaveContentDraft,
} from '../api/content';
import { RefreshButton } from '../components/refresh-button';
import { type DiffLine, diffLines } from '../lib/line-diff';

/**
 * 内容管理 (decision 0042): the FAQ, /xiaohongshu and the agreements, as Markdown with the
 * server's own preview beside it. 保存草稿 keeps a draft the site does not show; 发布 and 回滚到此版本
 * show what changes and ask first; each is audited. The history says who wrote and published what.
 */
export function ContentPage() {
  const documents = useContentDocuments();
  const [selected, setSelected] = useState<ContentKey>('faq');
  const document = documents.data?.documents.find((d) => d.key === selected);
  return (
    <Card title="内容管理" extra={<RefreshButton query={documents} />}>
      <Typography.Paragraph type="secondary">
        常见问题、小红书专区与各项协议在此编辑，发布后网站立即显示新内容。正文使用 Markdown 书写；常见问题中“##
        分组”为分组标题，“### 问题”为可展开的问题，其下的段落为答案。
      </Typography.Paragraph>
      {documents.isError ? (
        <LoadError
          title="内容列表加载失败"
          error={documents.error}
          onRetry={() => void documents.refetch()}
          isRetrying={documents.isFetching}
        />
      ) : documents.isPending ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : (
        <>
          <Tabs
            activeKey={selected}
            onChange={(key) => setSelected(key as ContentKey)}
            items={documents.data.documents.map((d) => ({
              key: d.key,
              label: (
                <span>
                  {CONTENT_KEY_LABEL[d.key]}
                  {d.draftVersion !== null && (
                    <Tag color="orange" style={{ marginInlineStart: 6 }}>
                      草稿
                    </Tag>
                  )}
                </span>
              ),
            }))}
          />
          {document && <DocumentEditor key={document.key} document={document} />}
        </>
      )}
    </Card>
  );
}

function DocumentEditor({ document }: { document: TContentDocument }) {
  // the draft when there is one, else the published text: what the next save starts from
  const opened = document.draftVersion ?? document.publishedVersion;
  const version = useContentVersion(document.key, opened);
  const published = useContentVersion(document.key, document.publishedVersion);
  if (version.isError) {
    return (
      <LoadError
        title="内容加载失败"
        error={version.error}
        onRetry={() => void version.refetch()}
        isRetrying={version.isFetching}
      />
    );
  }
  if (!version.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return (
    <>
      <Editor
        key={`${version.data.version}:${version.data.title}:${version.data.body.length}`}
        document={document}
        opened={version.data}
        published={published.data ?? null}
      />
      <History document={document} published={published.data ?? null} />
    </>
  );
}

/** The text typed, drawn by the server a moment after typing stops. */
function useSettled(value: string, ms = 400): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function Editor({
  document,
  opened,
  published,
}: {
  document: TContentDocument;
  opened: TContentVersion;
  published: TContentVersion | null;
}) {
  const { modal } = App.useApp();
  const [title, setTitle] = useState(opened.title);
  const [body, setBody] = useState(opened.body);
  const preview = useContentPreview(document.key, useSettled(body));
  const save = useSaveContentDraft(document.key);
  const publish = usePublishContent(document.key);
  const dirty = title !== opened.title || body !== opened.body;
  const isDraft = opened.state === 'draft';
  const titleProblem =
    title.trim() === ''
      ? '请填写标题'
      : title.trim().length > CONTENT_TITLE_MAX
        ? `标题不能超过 ${CONTENT_TITLE_MAX} 个字`
        : null;
  const bodyProblem =
    body.trim() === ''
      ? '请填写正文'
      : body.length > CONTENT_BODY_MAX
        ? `正文超出 ${(body.length - CONTENT_BODY_MAX).toLocaleString('en-US')} 个字符，请删减后再保存`
        : null;
  const problem = titleProblem ?? bodyProblem;

  const saveDraft = async () => {
    const saved = await save.mutateAsync({ title: title.trim(), body, base: opened.version });
    notify.success(`草稿已保存（版本 ${saved.version}）`);
    return saved;
  };

  const onPublish = async () => {
    const draft = dirty || !isDraft ? await saveDraft() : opened;
    modal.confirm({
      title: `发布「${CONTENT_KEY_LABEL[document.key]}」版本 ${draft.version}？`,
      width: 720,
      content: (
        <ChangeSummary
          note="发布后网站立即显示新内容；此后同意该协议的用户将记录为同意此版本。"
          before={published}
          after={draft}
        />
      ),
      okText: '发布',
      cancelText: '取消',
      onOk: async () => {
        await publish.mutateAsync(draft.version);
        notify.success('已发布，网站已显示新内容');
      },
    });
  };

  return (
    <div>
      <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
        <Typography.Text>
          正在编辑：版本 {opened.version}
          {isDraft ? '（草稿，尚未发布）' : '（当前发布的版本）'}
        </Typography.Text>
        {published && (
          <Typography.Text type="secondary">
            网站显示版本 {published.version}，{published.publishedBy ?? '系统'} 于{' '}
            {formatDateTime(published.publishedAt ?? published.createdAt)} 发布
          </Typography.Text>
        )}
      </Flex>
      <Input
        addonBefore="标题"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        status={titleProblem ? 'error' : undefined}
        style={{ marginBottom: 12 }}
        aria-label="标题"
      />
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Typography.Text strong>Markdown</Typography.Text>
          <Input.TextArea
            value={body}
            onChange={(e) => setBody(e.target.value)}
            aria-label="正文（Markdown）"
            status={bodyProblem ? 'error' : undefined}
            style={{
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
              fontSize: 13,
              height: 520,
              marginTop: 4,
            }}
          />
          <Flex justify="space-between" style={{ marginTop: 4 }}>
            <Typography.Text type={problem ? 'danger' : 'secondary'} role={problem ? 'alert' : undefined}>
              {problem ?? (dirty ? '有未保存的修改' : '已保存')}
            </Typography.Text>
            <Typography.Text type={body.length > CONTENT_BODY_MAX ? 'danger' : 'secondary'}>
              {body.length.toLocaleString('en-US')} / {CONTENT_BODY_MAX.toLocaleString('en-US')}
            </Typography.Text>
          </Flex>
        </Col>
        <Col xs={24} lg={12}>
          <Typography.Text strong>预览（与网站显示一致）</Typography.Text>
          <div className="gs-content-preview" aria-label="预览" aria-busy={preview.isFetching}>
            {preview.isError ? (
              <LoadError title="预览失败" error={preview.error} onRetry={() => void preview.refetch()} />
            ) : preview.data ? (
              <div
                className={`gs-content${document.key === 'faq' ? ' gs-faq-page' : ''}`}
                // sanitised by the server, as the site shows it
                dangerouslySetInnerHTML={{ __html: preview.data.html }}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="输入正文后在此预览" />
            )}
          </div>
        </Col>
      </Row>
      <Space style={{ marginTop: 16 }}>
        <Button onClick={() => void saveDraft()} loading={save.isPending} disabled={!dirty || problem !== null}>
          保存草稿
        </Button>
        <Button
          type="primary"
          onClick={() => void onPublish()}
          loading={publish.isPending}
          disabled={problem !== null || (!dirty && !isDraft)}
        >
          {dirty ? '保存并发布' : '发布'}
        </Button>
      </Space>
    </div>
  );
}

/** What a publish or rollback changes: the title, and the lines of the text removed and added. */
function ChangeSummary({
  note,
  before,
  after,
}: {
  note: string;
  before: TContentVersion | null;
  after: TContentVersion;
}) {
  const lines = diffLines(before?.body ?? '', after.body);
  const changed = lines.filter((l) => l.kind !== 'same');
  return (
    <div>
      <Typography.Paragraph type="secondary">{note}</Typography.Paragraph>
      {before && before.title !== after.title && (
        <Typography.Paragraph>
          标题：<del>{before.title}</del> → <strong>{after.title}</strong>
        </Typography.Paragraph>
      )}
      <Typography.Paragraph>
        与网站当前版本{before ? ` ${before.version}` : ''}相比：删除{' '}
        {changed.filter((l) => l.kind === 'removed').length} 行，新增 {changed.filter((l) => l.kind === 'added').length}{' '}
        行
      </Typography.Paragraph>
      {changed.length === 0 ? (
        <Typography.Text type="secondary">正文没有变化</Typography.Text>
      ) : (
        <pre className="gs-diff" aria-label="变化的行">
          {changed.slice(0, 300).map((line: DiffLine, i) => (
            <div key={i} className={`gs-diff__${line.kind}`}>
              {line.kind === 'removed' ? '− ' : '+ '}
              {line.text || ' '}
            </div>
          ))}
          {changed.length > 300 && <div>……另有 {changed.length - 300} 行变化</div>}
        </pre>
      )}
    </div>
  );
}

const STATE_TAG: Record<TContentVersionSummary['state'], { color: string; text: string }> = {
  published: { color: 'green', text: '网站显示中' },
  draft: { color: 'orange', text: '草稿' },
  earlier: { color: 'default', text: '历史版本' },
};

function History({ document, published }: { document: TContentDocument; published: TContentVersion | null }) {
  const { modal } = App.useApp();
  const versions = useContentVersions(document.key);
  const rollback = useRollbackContent(document.key);
  const viewedText = useFetchContentVersion(document.key);
  const [viewing, setViewing] = useState<number | null>(null);
  const viewed = useContentVersion(document.key, viewing);
  const rows = versions.data?.pages.flatMap((p) => p.versions) ?? [];

  const onRollback = (target: TContentVersionSummary) => {
    // the target's text, to show what a rollback changes
    void viewedText(target.version).then((text) => {
      modal.confirm({
        title: `回滚到版本 ${target.version}？`,
        width: 720,
        content: (
          <ChangeSummary
            note={`将以版本 ${target.version} 的内容发布为新版本，网站立即显示。${document.draftVersion !== null ? `未发布的草稿（版本 ${document.draftVersion}）保留在历史中。` : ''}`}
            before={published}
            after={text}
          />
        ),
        okText: '回滚并发布',
        okButtonProps: { danger: true },
        cancelText: '取消',
        onOk: async () => {
          const restored = await rollback.mutateAsync(target.version);
          notify.success(`已回滚，网站显示版本 ${restored.version}（内容同版本 ${target.version}）`);
        },
      });
    });
  };

  const columns: ColumnsType<TContentVersionSummary> = [
    { title: '版本', dataIndex: 'version', width: 70 },
    { title: '标题', dataIndex: 'title', ellipsis: true },
    {
      title: '状态',
      dataIndex: 'state',
      width: 150,
      render: (state: TContentVersionSummary['state'], row) => (
        <>
          <Tag color={STATE_TAG[state].color}>{STATE_TAG[state].text}</Tag>
          {row.restoredFrom !== null && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              回滚自 {row.restoredFrom}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: '编写',
      key: 'created',
      width: 190,
      render: (_, row) => (
        <span>
          {row.createdBy ?? '系统（初始内容）'}
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(row.createdAt)}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: '发布',
      key: 'published',
      width: 190,
      render: (_, row) =>
        row.publishedAt ? (
          <span>
            {row.publishedBy ?? '系统'}
            <br />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(row.publishedAt)}
            </Typography.Text>
          </span>
        ) : (
          <Typography.Text type="secondary">未发布</Typography.Text>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 190,
      render: (_, row) => (
        <Space size={4}>
          <Button size="small" type="link" onClick={() => setViewing(row.version)}>
            查看
          </Button>
          {row.state !== 'published' && row.state !== 'draft' && (
            <Button size="small" type="link" danger loading={rollback.isPending} onClick={() => onRollback(row)}>
              回滚到此版本
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div style={{ marginTop: 32 }}>
      <Typography.Title level={5}>版本历史</Typography.Title>
      <ScrollTable<TContentVersionSummary>
        regionLabel="版本历史"
        rowKey="version"
        columns={columns}
        dataSource={rows}
        loading={versions.isPending}
        loadState={versions}
        size="middle"
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有版本" /> }}
      />
      {versions.hasNextPage && (
        <Button
          style={{ marginTop: 12 }}
          onClick={() => void versions.fetchNextPage()}
          loading={versions.isFetchingNextPage}
        >
          加载更早的版本
        </Button>
      )}
      <Modal
        open={viewing !== null}
        title={viewed.data ? `版本 ${viewed.data.version}：${viewed.data.title}` : '版本内容'}
        onCancel={() => setViewing(null)}
        footer={<Button onClick={() => setViewing(null)}>关闭</Button>}
        width={760}
      >
        {viewed.isError ? (
          <LoadError error={viewed.error} onRetry={() => void viewed.refetch()} />
        ) : viewed.data ? (
          <div className="gs-content-preview">
            <div
              className={`gs-content${document.key === 'faq' ? ' gs-faq-page' : ''}`}
              dangerouslySetInnerHTML={{ __html: viewed.data.html }}
            />
          </div>
        ) : (
          <Spin style={{ display: 'block', margin: '32px auto' }} />
        )}
      </Modal>
    </div>
  );
}
