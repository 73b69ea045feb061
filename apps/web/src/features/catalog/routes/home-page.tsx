import { LICENCE_TABLE, MAX_LENGTH, formatYuan } from '@gemstock/contract';
import { SearchOutlined } from '@ant-design/icons';
import { Button, Col, Input, Row, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { NotYetAvailable } from '@/components/not-yet-available';
import { PageContainer } from '@/components/page-container';
import { SEARCH_PARAM } from '@/config/paths';
import { useSearchNavigation } from '@/hooks/use-search-navigation';

const QUICK_TERMS = ['钻戒', '项链', '黄金', '珍珠', '手镯', '耳饰'];

/** Home: search and browse. The catalogue grid arrives with the catalogue issue. */
export default function HomePage() {
  const [searchParams] = useSearchParams();
  const keyword = searchParams.get(SEARCH_PARAM) ?? '';
  const [value, setValue] = useState(keyword);
  const { search } = useSearchNavigation();

  const [syncedKeyword, setSyncedKeyword] = useState(keyword);
  if (syncedKeyword !== keyword) {
    setSyncedKeyword(keyword);
    setValue(keyword);
  }

  return (
    <>
      <section className="gs-hero">
        <div className="gs-container">
          <Typography.Title level={1} className="gs-hero__title">
            珠宝行业正版图片与视频授权
          </Typography.Title>
          <Typography.Paragraph className="gs-hero__subtitle">
            可商用的珠宝视觉素材，按用途授权，支持企业开票与定制设计
          </Typography.Paragraph>
          <Input.Search
            className="gs-hero__search"
            size="large"
            placeholder="搜索钻戒、项链、黄金饰品…"
            aria-label="搜索素材"
            enterButton={
              <Button type="primary" icon={<SearchOutlined />}>
                搜索
              </Button>
            }
            allowClear
            maxLength={MAX_LENGTH.keyword}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            onSearch={(v, _e, info) => {
              if (info?.source !== 'clear') search(v);
            }}
          />
          <div className="gs-hero__terms">
            {QUICK_TERMS.map((term) => (
              <button key={term} type="button" className="gs-chip" onClick={() => search(term)}>
                {term}
              </button>
            ))}
          </div>
        </div>
      </section>

      <PageContainer
        title={keyword ? `“${keyword}”的搜索结果` : '精选素材'}
        subTitle={keyword ? undefined : '按热度、最新或喜欢数浏览珠宝图片与视频'}
      >
        <NotYetAvailable
          title={keyword ? '素材搜索即将开放' : '素材目录即将上线'}
          description="素材目录正在建设中，上线后可在这里搜索、浏览并收藏素材。"
        />

        <Typography.Title level={4} style={{ marginTop: 40 }}>
          授权类型
        </Typography.Title>
        <Row gutter={[16, 16]}>
          {LICENCE_TABLE.map((licence) => (
            <Col xs={24} sm={12} lg={6} key={licence.type}>
              <div className="gs-card gs-licence">
                <Typography.Text strong style={{ fontSize: 16 }}>
                  {licence.name}
                </Typography.Text>
                <div className="gs-licence__price">{formatYuan(licence.priceCents)}</div>
                <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                  {licence.use}
                </Typography.Paragraph>
                <Tag>{licence.minLongSide ? `长边 ≥ ${licence.minLongSide}px` : '按定制需求交付'}</Tag>
              </div>
            </Col>
          ))}
        </Row>
      </PageContainer>
    </>
  );
}
