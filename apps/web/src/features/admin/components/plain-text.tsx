import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';
import { notify } from '@/lib/notify';

/*
 * Text in a list's rows, drawn as antd's Typography.Text draws it, without its machinery.
 *
 * Every Typography.Text runs its ellipsis, copy and edit code on each render whether it uses them
 * or not (a resize observer, an ellipsis measure, a tooltip wrapper), and `copyable` adds a
 * Tooltip (a Trigger with its alignment hooks) per copy button. A row of /admin/materials drew
 * three of them; twenty rows of them were about a tenth of the main thread's work before the first
 * row appeared (decision 0052). The console takes antd's component styles from its stylesheet
 * (decision 0054), so the same classes draw the same text: these render the elements and classes
 * antd renders, and nothing else.
 */

const TYPOGRAPHY = 'ant-typography';

/** `<Typography.Text type=…>` with no ellipsis, copy or edit. */
export function PlainText({
  type,
  style,
  children,
}: {
  type?: 'secondary' | 'warning' | 'danger' | 'success';
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <span className={type ? `${TYPOGRAPHY} ${TYPOGRAPHY}-${type}` : TYPOGRAPHY} style={style}>
      {children}
    </span>
  );
}

/**
 * `<Typography.Text ellipsis={{ tooltip }}>`: one line, cut with an ellipsis by the stylesheet,
 * and the whole text in a tooltip when the pointer reaches it while it is cut. antd measures
 * every such text as it renders (a resize observer each) to know whether it is cut; this asks
 * the element on the first hover instead, and mounts the tooltip then, open at once.
 */
export function EllipsisText({
  type,
  tooltip,
  style,
  children,
}: {
  type?: 'secondary' | 'warning' | 'danger' | 'success';
  /** What the tooltip says (antd's `tooltip: true`: the text itself). */
  tooltip: ReactNode;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const [cut, setCut] = useState(false);
  const className = `${type ? `${TYPOGRAPHY} ${TYPOGRAPHY}-${type}` : TYPOGRAPHY} ${TYPOGRAPHY}-ellipsis ${TYPOGRAPHY}-ellipsis-single-line`;
  const text = (
    <span
      className={className}
      style={style}
      onPointerEnter={
        cut
          ? undefined
          : (event) => {
              const element = event.currentTarget;
              if (element.scrollWidth > element.clientWidth) setCut(true);
            }
      }
    >
      {children}
    </span>
  );
  return cut ? (
    <Tooltip title={tooltip} defaultOpen>
      {text}
    </Tooltip>
  ) : (
    text
  );
}

/** How long the copied state shows, as antd's copy button. */
const COPIED_MS = 3000;

/**
 * `<Typography.Text copyable={{ text, tooltips: [label, '已复制'] }}>`: the text and antd's copy
 * button (same elements, classes and label). Its tooltip is mounted the first time the pointer
 * reaches the button, open at once, rather than with every row; keyboard focus does not open
 * antd's either.
 */
export function CopyableText({
  text,
  label,
  style,
  children,
}: {
  text: string;
  /** The button's tooltip and accessible name before copying (e.g. 复制编号). */
  label: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const [copied, setCopied] = useState(false);
  const [hovered, setHovered] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const title = copied ? '已复制' : label;
  const button = (
    <button
      type="button"
      className={copied ? `${TYPOGRAPHY}-copy ${TYPOGRAPHY}-copy-success` : `${TYPOGRAPHY}-copy`}
      aria-label={title}
      onPointerEnter={hovered ? undefined : () => setHovered(true)}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        // the site's clipboard helper, loaded on the first copy: imported with the rows, it would
        // bring its own component and stylesheet to every list that copies
        void import('@/components/copyable-code')
          .then(({ copyText }) => copyText(text))
          .catch(() => false)
          .then((ok) => {
            if (ok) setCopied(true);
            else notify.error('复制失败，请手动选择复制');
          });
      }}
    >
      {copied ? <CheckOutlined /> : <CopyOutlined />}
    </button>
  );
  return (
    <span className={TYPOGRAPHY} style={style}>
      {children}
      <span className={`${TYPOGRAPHY}-actions`}>
        {hovered ? (
          <Tooltip title={title} defaultOpen>
            {button}
          </Tooltip>
        ) : (
          button
        )}
      </span>
    </span>
  );
}
