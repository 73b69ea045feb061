import { type ChannelPreset, type TChannelCut, type TCropBox } from '@gemstock/contract';
import { Alert, Button, Modal, Radio, Result, Skeleton, Typography } from 'antd';
import { type CSSProperties, useState } from 'react';
import { isPreparing, useChannelCutDownload, useChannelCuts } from '../api/channel-cuts';
import './channel-cut-dialog.css';

const percent = (n: number) => `${(n * 100).toFixed(2)}%`;

function frameStyle(crop: TCropBox): CSSProperties {
  return { left: percent(crop.left), top: percent(crop.top), width: percent(crop.width), height: percent(crop.height) };
}

/**
 * The cut drawn from the public watermarked preview: the preview scaled so the frame fills the
 * box, and moved so the frame's corner is the box's. The clean original never reaches the page.
 */
function cutStyle(previewUrl: string, cut: TChannelCut, crop: TCropBox): CSSProperties {
  const offset = (start: number, size: number) => (size >= 1 ? '0%' : percent(start / (1 - size)));
  return {
    aspectRatio: `${cut.width} / ${cut.height}`,
    // capping the width (not the height) keeps the ratio, so the preview is never stretched
    maxWidth: `calc(var(--gs-cut-max-height) * ${(cut.width / cut.height).toFixed(4)})`,
    backgroundImage: `url("${previewUrl}")`,
    backgroundSize: `${percent(1 / crop.width)} ${percent(1 / crop.height)}`,
    backgroundPosition: `${offset(crop.left, crop.width)} ${offset(crop.top, crop.height)}`,
  };
}

/**
 * 渠道尺寸: a licensed picture cut for a sales channel (天猫, 京东, 小红书, 抖音, 公众号), or a
 * licensed video reframed to 9:16 or 1:1. The buyer picks a channel, sees where the cut falls on
 * the picture and what it keeps, then downloads it; a video's reframe is made in the background
 * first (生成中, the list asked again until it is ready).
 */
export function ChannelCutDialog({
  materialSid,
  open,
  onClose,
  video = false,
}: {
  materialSid: string;
  open: boolean;
  onClose: () => void;
  video?: boolean;
}) {
  const cuts = useChannelCuts(materialSid);
  const download = useChannelCutDownload();
  const [chosen, setChosen] = useState<ChannelPreset | null>(null);
  const list = cuts.data?.cuts ?? [];
  const current = list.find((c) => c.preset === chosen) ?? list.find((c) => c.available) ?? list[0];
  const previewUrl = cuts.data?.previewUrl ?? null;
  const preparing =
    current !== undefined &&
    (current.preparing ||
      (isPreparing(download.error) && download.variables?.preset === current.preset && cuts.isFetching));
  const source = video ? '原片' : '原图';

  return (
    <Modal
      open={open}
      title="下载渠道尺寸"
      width={760}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          关闭
        </Button>,
        <Button
          key="download"
          type="primary"
          disabled={!current?.available || preparing}
          loading={download.isPending}
          onClick={() => current && download.mutate({ materialSid, preset: current.preset })}
        >
          {current ? `下载${current.name} ${current.width}×${current.height}` : '下载'}
        </Button>,
      ]}
    >
      {cuts.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : cuts.isError ? (
        <Result
          status="warning"
          title="渠道尺寸加载失败"
          subTitle={cuts.error instanceof Error ? cuts.error.message : '网络或服务暂时不可用，请稍后重试'}
          extra={
            <Button type="primary" loading={cuts.isFetching} onClick={() => void cuts.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <>
          <Radio.Group
            className="gs-cut-dialog__presets"
            optionType="button"
            value={current?.preset}
            onChange={(e) => setChosen(e.target.value as ChannelPreset)}
            aria-label="选择渠道"
            options={list.map((c) => ({
              value: c.preset,
              label: `${c.name} ${c.ratio}`,
              title: c.available ? `${c.use} ${c.width}×${c.height}` : (c.reason ?? undefined),
            }))}
          />
          {current && (
            <>
              {!current.available ? (
                <Alert
                  type="info"
                  showIcon
                  title={`${current.name}${current.use} ${current.width}×${current.height} 不可下载`}
                  description={current.reason ?? '该尺寸暂不可用'}
                />
              ) : current.crop && previewUrl ? (
                <div className="gs-cut-dialog__preview">
                  <figure className="gs-cut-dialog__figure">
                    <div className="gs-cut-dialog__whole">
                      <img src={previewUrl} alt="素材预览（带水印）" />
                      <div className="gs-cut-dialog__frame" style={frameStyle(current.crop)} aria-hidden />
                    </div>
                    <figcaption>
                      {source} {cuts.data.width}×{cuts.data.height}，虚线框内为保留的画面
                      {video ? '（画面居中裁切）' : '（自动对准主体）'}
                    </figcaption>
                  </figure>
                  <figure className="gs-cut-dialog__figure">
                    <div
                      className="gs-cut-dialog__cut"
                      role="img"
                      aria-label={`${current.name}裁切预览`}
                      style={cutStyle(previewUrl, current, current.crop)}
                    />
                    <figcaption>
                      {current.name}
                      {current.use}：{current.width}×{current.height}（{current.ratio}）
                    </figcaption>
                  </figure>
                </div>
              ) : (
                <Alert type="info" showIcon title="该素材暂无预览图，可直接下载查看裁切效果" />
              )}
              {preparing && (
                <Alert
                  type="info"
                  showIcon
                  title={`${current.name}${current.use}生成中`}
                  description="视频需要重新编码，通常需要几分钟；完成后即可下载。可以关闭窗口，稍后再来。"
                />
              )}
              <Typography.Paragraph type="secondary" className="gs-cut-dialog__note">
                {video
                  ? '预览带水印；下载的是无水印 MP4，由原片居中裁切缩小而成（保留声音），不会放大画面，计入下载次数。'
                  : '预览带水印；下载的是无水印 JPG，由原图裁切缩小而成，不会放大画面，计入下载次数。'}
              </Typography.Paragraph>
            </>
          )}
        </>
      )}
    </Modal>
  );
}
