import { Card, Col, Row, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/load-error';
import { notify } from '@/lib/notify';
import { useKeywords } from '../api/get-keywords';
import { type KeywordListKind, useSaveKeywords } from '../api/save-keywords';
import { KeywordListEditor } from '../components/keyword-list-editor';

const EMPTY: string[] = [];

const LISTS: { kind: KeywordListKind; title: string; help: ReactNode; emptyText: string }[] = [
  {
    kind: 'pinned',
    title: '置顶热门关键词',
    help: '买家点击搜索框时，这些关键词按顺序排在热门搜索的最前面；其后是近 7 天有搜索结果、且由多位不同买家搜索过的词（每 10 分钟更新）。',
    emptyText: '还没有置顶关键词',
  },
  {
    kind: 'blocked',
    title: '屏蔽热门关键词',
    help: '这些词（不区分大小写）永远不会出现在热门搜索中，即使被置顶或搜索很多；保存后立即生效。',
    emptyText: '还没有屏蔽关键词',
  },
  {
    kind: 'curated',
    title: '推荐关键词',
    help: '供前台展示的推荐关键词列表（GET /api/common/keywords），按此顺序展示。',
    emptyText: '还没有推荐关键词',
  },
];

export function KeywordsPage() {
  const keywords = useKeywords();
  const save = useSaveKeywords();
  const saving = (kind: KeywordListKind) => save.isPending && save.variables?.kind === kind;
  const onSave = (kind: KeywordListKind) => (list: string[]) =>
    save.mutate({ kind, keywords: list }, { onSuccess: () => notify.success('保存成功') });

  if (keywords.isError) {
    return (
      <LoadError
        title="关键词加载失败"
        error={keywords.error}
        onRetry={() => void keywords.refetch()}
        isRetrying={keywords.isFetching}
      />
    );
  }

  return (
    <Row gutter={[16, 16]}>
      {LISTS.map((list) => (
        <Col xs={24} lg={12} key={list.kind}>
          <Card title={list.title}>
            <Typography.Paragraph type="secondary">{list.help}</Typography.Paragraph>
            {keywords.isLoading ? (
              <Skeleton active />
            ) : (
              <KeywordListEditor
                saved={keywords.data?.[list.kind] ?? EMPTY}
                saving={saving(list.kind)}
                onSave={onSave(list.kind)}
                emptyText={list.emptyText}
              />
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
