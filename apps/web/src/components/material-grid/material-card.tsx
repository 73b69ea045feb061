import HeartFilled from '@ant-design/icons-svg/es/asn/HeartFilled';
import HeartOutlined from '@ant-design/icons-svg/es/asn/HeartOutlined';
import PlayCircleFilled from '@ant-design/icons-svg/es/asn/PlayCircleFilled';
import { MaterialFormat, type TMaterial } from '@gemstock/contract';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useMaterialLike } from '@/api/toggle-material-like';
import { paths } from '@/config/paths';
import { formatDuration, materialLabel, ownedLicenceText } from '@/lib/material-licence';
import { Icon } from '../ui/icon';

/** Long sides of the grid thumbnails the server makes (apps/server/src/media/image-processor.ts). */
const THUMB_LONG_SIDE = 480;
const THUMB_SMALL_LONG_SIDE = 240;

/** Width of a thumbnail fitted inside a square of `longSide`, never enlarged (as the server draws it). */
function fittedWidth(width: number, height: number, longSide: number): number {
  const long = Math.max(width, height);
  if (!(long > 0)) return longSide;
  return long > longSide ? Math.max(1, Math.round((width * longSide) / long)) : width;
}

/**
 * The thumbnails as a srcset, each with its real width (a portrait one is narrower than its long
 * side): the 240 px one for 1× screens and narrow tiles beside the 480 px one. Materials rendered
 * before the small one existed, or too small to differ, name the 480 one only.
 */
function thumbSrcSet(material: Pick<TMaterial, 'thumbUrl' | 'thumbSmallUrl' | 'width' | 'height'>): string | undefined {
  if (!material.thumbUrl) return undefined;
  const { width, height } = material;
  const largeWidth = fittedWidth(width, height, THUMB_LONG_SIDE);
  const smallWidth = fittedWidth(width, height, THUMB_SMALL_LONG_SIDE);
  const large = `${material.thumbUrl} ${largeWidth}w`;
  if (!material.thumbSmallUrl || smallWidth >= largeWidth) return large;
  return `${material.thumbSmallUrl} ${smallWidth}w, ${large}`;
}

export interface MaterialCardProps {
  material: TMaterial;
  /** Size of the picture area (the cell minus any footer). */
  pictureHeight: number;
  /** Width of the picture area: the thumbnail is chosen and sized for it. */
  pictureWidth?: number;
  /** In the first row of the grid: loaded at once, ahead of other images (the page's LCP). */
  isAboveFold?: boolean;
  /** A row under the picture (free period and download button, …). */
  footer?: ReactNode;
}

/**
 * One material in a grid: its thumbnail at its real aspect ratio, a link to the detail page
 * (Enter opens it), a like toggle, and for a video its duration and its watermarked preview,
 * played muted while the pointer or keyboard focus is on it.
 */
export function MaterialCard({
  material,
  pictureHeight,
  pictureWidth,
  isAboveFold = false,
  footer,
}: MaterialCardProps) {
  const isVideo = material.format === MaterialFormat.VIDEO;
  const [isActive, setActive] = useState(false);
  const [isPlaying, setPlaying] = useState(false);
  const label = materialLabel(material);
  const owned = ownedLicenceText(material);
  const duration = material.extra?.duration;
  const poster = material.thumbUrl ?? material.coverUrl ?? material.watermarkUrl ?? undefined;
  const showPreview = isVideo && isActive && Boolean(material.previewUrl);

  const activate = () => setActive(true);
  const deactivate = () => {
    setActive(false);
    setPlaying(false);
  };

  return (
    <div
      className={`gs-tile${material.liked ? ' is-liked' : ''}`}
      onPointerEnter={activate}
      onPointerLeave={deactivate}
      onFocus={activate}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) deactivate();
      }}
    >
      <Link
        to={paths.detail(material.sid)}
        className="gs-tile__link"
        aria-label={`${label}${owned ? `，${owned}` : ''}，查看详情`}
      >
        <div
          className="gs-tile__picture"
          // the picture's dominant colour while the thumbnail loads (else the stylesheet's neutral one)
          style={{ height: pictureHeight, backgroundColor: material.placeholderColor ?? undefined }}
        >
          {poster ? (
            <img
              src={poster}
              // thumbnails are 240 and 480 px on the long side (WebP); sizes picks by the tile's width
              srcSet={thumbSrcSet(material)}
              sizes={pictureWidth ? `${Math.round(pictureWidth)}px` : undefined}
              width={pictureWidth ? Math.round(pictureWidth) : undefined}
              height={Math.round(pictureHeight)}
              alt={label}
              loading={isAboveFold ? 'eager' : 'lazy'}
              fetchPriority={isAboveFold ? 'high' : 'auto'}
              decoding="async"
              draggable={false}
            />
          ) : (
            <span className="gs-tile__missing">预览生成中</span>
          )}
          {showPreview && (
            <video
              className={`gs-tile__video${isPlaying ? ' is-playing' : ''}`}
              src={material.previewUrl ?? undefined}
              poster={poster}
              muted
              loop
              autoPlay
              playsInline
              preload="auto"
              aria-hidden
              tabIndex={-1}
              onPlaying={() => setPlaying(true)}
            />
          )}
          {isVideo && (
            <span className="gs-tile__badge gs-tile__badge--video">
              <Icon icon={PlayCircleFilled} />
              {duration != null ? formatDuration(duration) : '视频'}
            </span>
          )}
          {material.free && <span className="gs-tile__badge gs-tile__badge--free">限免</span>}
          {owned && (
            <span className="gs-tile__badge gs-tile__badge--owned" title={owned}>
              已购
            </span>
          )}
        </div>
      </Link>
      <LikeToggle material={material} />
      {footer}
    </div>
  );
}

function LikeToggle({ material }: { material: TMaterial }) {
  const { liked, likeCount, toggle } = useMaterialLike(material);
  return (
    <button
      type="button"
      className={`gs-tile__like${liked ? ' is-liked' : ''}`}
      aria-pressed={liked}
      aria-label={liked ? `取消喜欢（${likeCount} 人喜欢）` : `喜欢（${likeCount} 人喜欢）`}
      title={liked ? '取消喜欢' : '喜欢'}
      onClick={toggle}
    >
      <Icon icon={liked ? HeartFilled : HeartOutlined} />
      <span className="gs-tile__like-count">{likeCount}</span>
    </button>
  );
}
