import { PlayCircleFilled } from '@/components/ui/icon-paths';
import { MaterialFormat, type TMaterial, thumbnailSrcSet } from '@gemstock/contract';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useMaterialLike } from '@/api/toggle-material-like';
import { paths } from '@/config/paths';
import { formatDuration, materialLabel, ownedLicenceText } from '@/lib/material-licence';
import { dialogs, useDialogs } from '@/stores/dialogs';
import { useIsLoggedIn } from '@/stores/session';
import { Icon } from '../ui/icon';

export interface MaterialCardProps {
  material: TMaterial;
  /** Height / width of the picture area, for the thumbnail's size attributes. */
  pictureRatio: number;
  /** The thumbnail's `sizes`: how wide the picture is drawn, for the browser to pick a file. */
  sizes?: string;
  /**
   * How soon its picture loads: `high` ahead of everything else (the first rows, where the page's
   * largest picture is), `eager` at once (the rest of a first screen), `lazy` when scrolled near.
   * Decided at the tile's first drawing: a measured width a little off the one assumed must not
   * rewrite the pictures of a page the server drew.
   */
  loadPriority?: ImageLoadPriority;
  /** A row under the picture (free period and download button, …). */
  footer?: ReactNode;
}

export type ImageLoadPriority = 'high' | 'eager' | 'lazy';

const PICTURE_ATTRIBUTE_WIDTH = 480;

/**
 * One material in a grid: its thumbnail at its real aspect ratio, a link to the detail page
 * (Enter opens it), a like toggle, 加入收藏夹 (the company's boards), and for a video its duration and its watermarked preview,
 * played muted while the pointer or keyboard focus is on it.
 */
export function MaterialCard({
  material,
  pictureRatio,
  sizes,
  loadPriority: priorityNow = 'lazy',
  footer,
}: MaterialCardProps) {
  const [loadPriority] = useState(priorityNow);
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
          style={{ backgroundColor: material.placeholderColor ?? undefined }}
        >
          {poster ? (
            <img
              src={poster}
              // thumbnails are 240 and 480 px on the long side (WebP); sizes picks by the tile's width
              srcSet={thumbnailSrcSet(material)}
              sizes={sizes}
              // its aspect ratio (the stylesheet sizes it to the tile), the same at any page width
              width={PICTURE_ATTRIBUTE_WIDTH}
              height={Math.round(PICTURE_ATTRIBUTE_WIDTH * pictureRatio)}
              alt={label}
              loading={loadPriority === 'lazy' ? 'lazy' : 'eager'}
              fetchPriority={loadPriority === 'high' ? 'high' : 'auto'}
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
      {/* like, then 加入收藏夹: under it on a computer, in the other top corner on a touch screen */}
      <div className="gs-tile__actions">
        <LikeToggle material={material} />
        <BoardButton material={material} label={label} />
      </div>
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
      <span className="gs-tile__like-pill">
        <span className="gs-tile__heart" aria-hidden="true" />
        <span className="gs-tile__like-count">{likeCount}</span>
      </span>
    </button>
  );
}

/**
 * 加入收藏夹 on a tile: opens the board picker, which the global dialogs load on the first click
 * (a grid carries only this button). Signed out, it asks for the login first and comes back here.
 */
function BoardButton({ material, label }: { material: TMaterial; label: string }) {
  const isLoggedIn = useIsLoggedIn();
  const open = useDialogs((s) => s.openAddToBoard);
  const onClick = () => {
    if (!isLoggedIn) {
      dialogs.openLogin({ kind: 'navigate', to: `${window.location.pathname}${window.location.search}` });
      return;
    }
    open(material.sid);
  };
  if (material.disabled) return null;
  return (
    <button
      type="button"
      className="gs-tile__board"
      aria-label={`加入收藏夹：${label}`}
      title="加入收藏夹"
      onClick={onClick}
    >
      <span className="gs-tile__board-pill">
        <span className="gs-tile__board-plus" aria-hidden="true" />
        <span className="gs-tile__board-text">收藏夹</span>
      </span>
    </button>
  );
}
