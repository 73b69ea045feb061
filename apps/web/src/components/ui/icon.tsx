import type { IconDefinition } from '@ant-design/icons-svg/lib/types';
import { createElement, type ReactElement } from 'react';

type AbstractNode = { tag: string; attrs: Record<string, string>; children?: AbstractNode[] };

function render(node: AbstractNode, key?: number): ReactElement {
  return createElement(
    node.tag,
    { key, ...node.attrs },
    node.children?.map((child, i) => render(child, i)),
  );
}

/**
 * An Ant Design icon drawn from its path data alone (`@ant-design/icons-svg`), for the pages a
 * first visit lands on: the same pictures as antd's icons without their runtime (context, style
 * injection, two-tone colours). Decorative unless given a `label`.
 */
export function Icon({ icon, label, className }: { icon: IconDefinition; label?: string; className?: string }) {
  const svg = icon.icon as AbstractNode | ((primary: string, secondary: string) => AbstractNode);
  const tree = typeof svg === 'function' ? svg('currentColor', '#e6f2ef') : svg;
  return (
    <span
      className={`gs-icon${className ? ` ${className}` : ''}`}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {createElement(
        'svg',
        { ...tree.attrs, width: '1em', height: '1em', fill: 'currentColor', focusable: 'false' },
        tree.children?.map((child, i) => render(child, i)),
      )}
    </span>
  );
}
