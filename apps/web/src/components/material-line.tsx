import type { TMaterial } from '@gemstock/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { materialLabel, materialTitle } from '@/lib/material-licence';
import './material-line.css';

/** Shown instead of a thumbnail that fails to load: a transparent pixel on the grey square. */
const BLANK = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

/**
 * A material in a list line (cart, purchased licences): its thumbnail, its name linking to the
 * detail page and its number with what the list adds to it (`note`), then the list's own tags.
 * Plain elements, so the pages without antd can show it.
 */
export function MaterialLine({
  material,
  size,
  note,
  children,
}: {
  material: Pick<TMaterial, 'sid' | 'keywords' | 'format' | 'thumbUrl' | 'coverUrl'>;
  /** Side of the square thumbnail, px. */
  size: number;
  note?: string;
  children?: ReactNode;
}) {
  return (
    <div className="gs-material-line">
      <img
        className="gs-material-line__thumb"
        src={material.thumbUrl ?? material.coverUrl ?? BLANK}
        alt={materialLabel(material)}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        onError={(event) => {
          if (event.currentTarget.src !== BLANK) event.currentTarget.src = BLANK;
        }}
      />
      <div className="gs-material-line__text">
        <Link to={paths.detail(material.sid)}>{materialTitle(material)}</Link>
        <span className="gs-material-line__meta">
          编号 {material.sid}
          {note ? ` · ${note}` : ''}
        </span>
        {children}
      </div>
    </div>
  );
}
