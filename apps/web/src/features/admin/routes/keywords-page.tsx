import { Card, Col, Row, Skeleton, Typography } from 'antd';
import { notify } from '@/lib/notify';
import { useKeywords } from '../api/get-keywords';
import { type KeywordListKind, useSaveKeywords } from '../api/save-keywords';
import { KeywordListEditor } from '../components/keyword-list-editor';

const EMPTY: string[] = [];

export function KeywordsPage() {
  const keywords = useKeywords();
  const save = useSaveKeywords();
  const saving = (kind: KeywordListKind) => save.isPending && save.variables?.kind === kind;
  const onSave = (kind: KeywordListKind) => (list: string[]) =>
    save.mutate({ kind, keywords: list }, { onSuccess: () => notify.success('保存成功') });

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card title="置顶热门关键词">
          <Typography.Paragraph type="secondary">
            买家点击搜索框时，这些关键词按顺序排在热门搜索的最前面，其后是近 7 天搜索最多的词。
          </Typography.Paragraph>
          {keywords.isLoading ? (
            <Skeleton active />
          ) : (
            <KeywordListEditor
              saved={keywords.data?.pinned ?? EMPTY}
              saving={saving('pinned')}
              onSave={onSave('pinned')}
              emptyText="还没有置顶关键词"
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="推荐关键词">
          <Typography.Paragraph type="secondary">
            供前台展示的推荐关键词列表（GET /api/common/keywords），按此顺序展示。
          </Typography.Paragraph>
          {keywords.isLoading ? (
            <Skeleton active />
          ) : (
            <KeywordListEditor
              saved={keywords.data?.curated ?? EMPTY}
              saving={saving('curated')}
              onSave={onSave('curated')}
              emptyText="还没有推荐关键词"
            />
          )}
        </Card>
      </Col>
    </Row>
  );
}
