import type { TDesignComment, TDesignFile } from '@gemstock/contract';
import { Typography } from 'antd';
import { type KeyboardEvent, type MouseEvent, useState } from 'react';

export interface PinPoint {
  x: number;
  y: number;
}

interface DraftPinsProps {
  file: TDesignFile;
  /** Comments pinned to this file (others are listed, not drawn). */
  comments: TDesignComment[];
  /** Where a new comment will be pinned; null when none is being placed. */
  pending: PinPoint | null;
  /** Set when the buyer may pin comments on this picture. */
  onPlace?: (point: PinPoint) => void;
}

const STEP = 0.05;
const clamp = (v: number) => Math.min(1, Math.max(0, v));

/** The number a pinned comment shows on the picture and in the list (1-based, in order). */
export function pinNumbers(comments: TDesignComment[]): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const c of comments) if (c.x !== null && c.y !== null) numbers.set(c.sid, numbers.size + 1);
  return numbers;
}

/**
 * A draft with its comments drawn as numbered pins. Where the buyer may comment, a click places
 * the new pin; from the keyboard Enter places it in the middle and the arrow keys move it.
 */
export function DraftPins({ file, comments, pending, onPlace }: DraftPinsProps) {
  const [focused, setFocused] = useState(false);
  const numbers = pinNumbers(comments);
  const interactive = onPlace !== undefined && file.format === 'image';

  const place = (event: MouseEvent<HTMLDivElement>) => {
    if (!interactive) return;
    const box = event.currentTarget.getBoundingClientRect();
    onPlace({ x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!interactive) return;
    const at = pending ?? { x: 0.5, y: 0.5 };
    const moves: Record<string, PinPoint> = {
      Enter: at,
      ' ': at,
      ArrowLeft: { x: clamp(at.x - STEP), y: at.y },
      ArrowRight: { x: clamp(at.x + STEP), y: at.y },
      ArrowUp: { x: at.x, y: clamp(at.y - STEP) },
      ArrowDown: { x: at.x, y: clamp(at.y + STEP) },
    };
    const next = moves[event.key];
    if (!next) return;
    event.preventDefault();
    onPlace(next);
  };

  if (file.format === 'video') {
    return (
      <video
        src={file.url}
        controls
        preload="metadata"
        style={{ width: '100%', maxHeight: 480, background: '#000', borderRadius: 8 }}
        aria-label={`${file.label}（视频）`}
      />
    );
  }

  return (
    <div
      role={interactive ? 'button' : undefined}
      tabIndex={interactive ? 0 : undefined}
      aria-label={interactive ? `${file.label}：点击图片标注修改位置（回车放置，方向键移动）` : file.label}
      onClick={place}
      onKeyDown={onKeyDown}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      style={{
        position: 'relative',
        display: 'inline-block',
        width: '100%',
        cursor: interactive ? 'crosshair' : 'default',
        outline: focused && interactive ? '2px solid #1677ff' : undefined,
        borderRadius: 8,
        lineHeight: 0,
      }}
    >
      <img
        src={file.url}
        alt={file.label}
        style={{ width: '100%', height: 'auto', borderRadius: 8, background: '#f5f5f5' }}
        draggable={false}
      />
      {comments.map((c) =>
        c.x !== null && c.y !== null ? (
          <span key={c.sid} className="gs-pin" style={{ left: `${c.x * 100}%`, top: `${c.y * 100}%` }} title={c.body}>
            {numbers.get(c.sid)}
          </span>
        ) : null,
      )}
      {pending && (
        <span
          className="gs-pin gs-pin-pending"
          style={{ left: `${pending.x * 100}%`, top: `${pending.y * 100}%` }}
          aria-hidden
        >
          +
        </span>
      )}
      {interactive && (
        <Typography.Text className="gs-pin-hint" type="secondary">
          点击图片标注需要修改的位置
        </Typography.Text>
      )}
    </div>
  );
}
