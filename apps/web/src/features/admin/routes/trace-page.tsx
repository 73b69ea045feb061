import { AimOutlined, InboxOutlined } from '@ant-design/icons';
import {
  CHANNEL_PRESET_TABLE,
  TRACE_COPY_MAX_BYTES,
  TRACE_COPY_MIN_SIDE,
  TRACE_COPY_TYPES,
  TRACE_VIDEO_COPY_MAX_MS,
  type TTraceResponse,
} from '@gemstock/contract';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Form,
  Image,
  Input,
  Progress,
  Result,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { formatDateTime } from '@/lib/date-time';
import { useTraceCopy } from '../api/trace';
import { formatBytes } from '../lib/format';

const MATERIAL_SID = /^[a-z0-9]{6,64}$/;

type Match = NonNullable<TTraceResponse['match']>;
type Reading = TTraceResponse['candidates'][number]['readings'][number];

/** "00:01.2": where a video's frame is. */
function videoTime(ms: number): string {
  const seconds = ms / 1000;
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${(seconds - minutes * 60).toFixed(1).padStart(4, '0')}`;
}

/**
 * What a reading was of, as the buyer's download names it: each channel's cut has a mark of its
 * own. A video copy's stills are read together; the time is where its first still shows.
 */
/** `video`: the material is a video, so a reading with no frame (none could be placed) is of the video. */
function fileLabel(at: { cut: string | null; frameMs: number | null; stills?: number }, video = false): string {
  if (at.frameMs !== null && (at.stills ?? 1) > 1)
    return `原视频（${at.stills} 帧画面，自 ${videoTime(at.frameMs)} 起）`;
  if (at.frameMs !== null) return `原视频 ${videoTime(at.frameMs)} 处的画面`;
  return presetLabel(at.cut, video);
}

function presetLabel(preset: string | null, video = false): string {
  if (preset === null) return video ? '原视频' : '原图';
  const spec = CHANNEL_PRESET_TABLE.find((p) => p.preset === preset);
  return spec ? `${spec.name} ${spec.width}×${spec.height} 渠道图` : `渠道尺寸 ${preset}`;
}

function ReadingTags({ readings, threshold, video }: { readings: Reading[]; threshold: number; video: boolean }) {
  return (
    <Flex gap={4} wrap>
      {readings.map((r) => (
        <Tag
          key={`${r.cut ?? 'original'}-${r.frameMs ?? ''}`}
          color={r.bestScore !== null && r.bestScore >= threshold ? 'green' : undefined}
        >
          {fileLabel(r, video)}：{!r.placed ? '无法对齐' : r.bestScore === null ? '—' : r.bestScore.toFixed(1)}
        </Tag>
      ))}
    </Flex>
  );
}

/**
 * What the operator chose before anything is sent: refused out loud, never trimmed. A video's
 * length is checked by the server (4491), which reads it anyway.
 */
function fileProblem(file: File): string | null {
  if (!(TRACE_COPY_TYPES as readonly string[]).includes(file.type))
    return '请上传 JPG、PNG、WebP 格式的图片，或 MP4、MOV、WebM 格式的短视频';
  if (file.size > TRACE_COPY_MAX_BYTES)
    return `文件不能超过 ${formatBytes(TRACE_COPY_MAX_BYTES)}（此文件 ${formatBytes(file.size)}）`;
  return null;
}

function MatchCard({ match, threshold, stills }: { match: Match; threshold: number; stills: number }) {
  return (
    <Card title="检出授权" data-testid="trace-match">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'cert', label: '授权证书编号', children: <Typography.Text copyable>{match.certNo}</Typography.Text> },
          { key: 'trace', label: '溯源编号', children: match.traceNo },
          { key: 'company', label: '企业', children: match.company ?? '—' },
          {
            key: 'buyer',
            label: '购买账号',
            children: `${match.buyer.account}${match.buyer.mobile ? `（${match.buyer.mobile}）` : ''}`,
          },
          { key: 'licensed', label: '授权时间', children: formatDateTime(match.licensedAt) },
          { key: 'order', label: '订单号', children: match.orderNo ?? '—' },
          { key: 'material', label: '素材编号', children: match.materialSid },
          { key: 'file', label: '检出文件', children: fileLabel({ ...match, stills }) },
          {
            key: 'score',
            label: '匹配强度',
            children: (
              <span>
                {match.score.toFixed(1)}
                <Typography.Text type="secondary">（检出门槛 {threshold}，未嵌入标记的图片通常低于 3）</Typography.Text>
              </span>
            ),
          },
          {
            key: 'state',
            label: '授权状态',
            children: match.revoked ? <Tag color="red">已撤销（退款）</Tag> : <Tag color="green">有效</Tag>,
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        下载记录（最近 20 次）
      </Typography.Title>
      <Table
        size="small"
        rowKey={(row) => `${row.at}-${row.userSid}`}
        pagination={false}
        dataSource={match.downloads}
        locale={{ emptyText: '没有下载记录（已按保留期清理）' }}
        columns={[
          { title: '下载时间', dataIndex: 'at', render: (at: string) => formatDateTime(at) },
          { title: '账号', dataIndex: 'account' },
          { title: '手机号', dataIndex: 'mobile', render: (m: string | null) => m ?? '—' },
          {
            title: '文件',
            dataIndex: 'preset',
            // A still names its video by the frame it shows: the video's downloads are of the 原视频.
            render: (p: string | null) => presetLabel(p, match.frameMs !== null),
          },
        ]}
      />
    </Card>
  );
}

function CandidatesCard({ result }: { result: TTraceResponse }) {
  return (
    <Card title="比对的素材" size="small">
      <Table
        size="small"
        rowKey="sid"
        pagination={false}
        dataSource={result.candidates}
        columns={[
          {
            title: '素材',
            dataIndex: 'sid',
            render: (_: string, c) => (
              <Flex gap={8} align="center">
                {c.thumbUrl && (
                  <Image src={c.thumbUrl} width={56} height={56} style={{ objectFit: 'cover' }} alt={c.title} />
                )}
                <Flex vertical>
                  <Typography.Text>{c.title}</Typography.Text>
                  <Typography.Text type="secondary">{c.sid}</Typography.Text>
                </Flex>
              </Flex>
            ),
          },
          {
            title: '相似度',
            dataIndex: 'distance',
            render: (d: number | null) => (d === null ? '指定素材' : `相差 ${d} / 64 位`),
          },
          {
            title: '对齐',
            dataIndex: 'placed',
            // A material nobody downloaded is not read at all: there is no mark to find in it. A
            // look-alike picture can line up roughly without being the copy's original, so
            // 已对齐 is said only of the one whose mark was found.
            render: (p: boolean, c) =>
              c.licencesCompared === 0 ? (
                '无下载，未比对'
              ) : !p ? (
                <Tag>无法对齐</Tag>
              ) : c.bestScore !== null && c.bestScore >= result.threshold ? (
                '已对齐'
              ) : (
                '已比对，未检出标记'
              ),
          },
          { title: '比对授权数', dataIndex: 'licencesCompared' },
          {
            title: '比对的文件与最高匹配强度',
            dataIndex: 'readings',
            render: (readings: Reading[], c) =>
              readings.length === 0 ? (
                '—'
              ) : (
                <ReadingTags readings={readings} threshold={result.threshold} video={c.format === 'video'} />
              ),
          },
        ]}
      />
    </Card>
  );
}

/**
 * 溯源: an operator uploads a copy of a picture, a channel cut or a still of a video found
 * elsewhere and sees the licence, company, account and download it came from, and which file
 * (original, cut, the video's frame) it was made from, or 未检出 (docs/decisions/0049).
 */
export function TracePage() {
  const trace = useTraceCopy();
  const [material, setMaterial] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [percent, setPercent] = useState(0);

  const materialTrimmed = material.trim();
  const materialInvalid = materialTrimmed !== '' && !MATERIAL_SID.test(materialTrimmed);

  const run = (chosen: File) => {
    setPercent(0);
    trace.mutate({
      file: chosen,
      material: materialTrimmed || undefined,
      onProgress: (p) => setPercent(p.percent),
    });
  };

  const choose = (chosen: File) => {
    const refused = fileProblem(chosen);
    setProblem(refused);
    setFile(chosen);
    if (!refused && !materialInvalid) run(chosen);
    return false; // sent by the mutation, not by antd's uploader
  };

  const result = trace.data;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 960 }}>
      <Card title="溯源">
        <Typography.Paragraph type="secondary">
          每个授权下载的原图、渠道尺寸图和原视频都带有该授权的隐形标记。上传在网上发现的图片（JPG、PNG 或
          WebP）或短视频（MP4、MOV 或 WebM，不超过 {TRACE_VIDEO_COPY_MAX_MS / 1000}{' '}
          秒，也可截取其中一帧画面上传；文件不超过 {formatBytes(TRACE_COPY_MAX_BYTES)}，短边至少 {TRACE_COPY_MIN_SIDE}{' '}
          像素），即可查出它来自哪个授权、企业和下载。经过压缩、缩小或裁切的图片也能检出；视频会取其中几帧画面合并比对，画质较差时也能检出。
        </Typography.Paragraph>
        <Form layout="vertical" onSubmitCapture={(e) => e.preventDefault()}>
          <Form.Item
            label="素材编号（可选）"
            help={materialInvalid ? '素材编号为 6–64 位小写字母或数字' : '不填时按画面相似度查找素材'}
            validateStatus={materialInvalid ? 'error' : undefined}
          >
            <Input
              value={material}
              onChange={(e) => setMaterial(e.target.value)}
              placeholder="例如 k3x9f2…"
              allowClear
              style={{ maxWidth: 360 }}
            />
          </Form.Item>
          <Upload.Dragger
            accept={TRACE_COPY_TYPES.join(',')}
            multiple={false}
            showUploadList={false}
            beforeUpload={choose}
            disabled={trace.isPending || materialInvalid}
            data-testid="trace-upload"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">点击或拖入要溯源的图片、短视频或视频截图</p>
            <p className="ant-upload-hint">
              {file ? `已选择：${file.name}（${formatBytes(file.size)}）` : '一次一个文件'}
            </p>
          </Upload.Dragger>
        </Form>
        {problem && <Alert style={{ marginTop: 12 }} type="error" showIcon title={problem} />}
        {trace.isPending && (
          <Flex vertical gap={4} style={{ marginTop: 12 }}>
            <Progress percent={percent} status="active" />
            <Typography.Text type="secondary">
              {percent < 100 ? '正在上传…' : '正在比对：对齐原图、渠道尺寸图或视频画面，并逐一核对该素材的授权…'}
            </Typography.Text>
          </Flex>
        )}
        {trace.isError && (
          <Alert
            style={{ marginTop: 12 }}
            type="error"
            showIcon
            title={trace.error.message}
            action={
              file && !problem ? (
                <Button size="small" onClick={() => run(file)}>
                  重试
                </Button>
              ) : undefined
            }
          />
        )}
      </Card>
      {result && !trace.isPending && (
        <>
          {result.match ? (
            <MatchCard
              match={result.match}
              threshold={result.threshold}
              stills={
                result.candidates
                  .find((c) => c.sid === result.match!.materialSid)
                  ?.readings.find((r) => r.cut === result.match!.cut && r.frameMs === result.match!.frameMs)?.stills ??
                1
              }
            />
          ) : (
            <Card>
              <Result
                icon={<AimOutlined />}
                status="info"
                title="未检出"
                subTitle={`${result.copy.kind === 'video' ? '这段视频' : '这张图片'}中没有找到任何授权的标记：可能不是本站售出的文件，或来自未嵌入标记的下载（视频的渠道尺寸版本、标记上线前的下载）。`}
                data-testid="trace-none"
              />
            </Card>
          )}
          {result.candidates.length > 0 ? <CandidatesCard result={result} /> : <Empty description="没有比对的素材" />}
        </>
      )}
    </Flex>
  );
}
