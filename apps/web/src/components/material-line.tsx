import type { TMaterial } from '@gemstock/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { materialLabel, materialTitle } from '@/lib/material-licence';

/**
 * A material in a list line (cart, purchased licences): its thumbnail, its name linking to the
 * detail page and its number with what the list adds to it (`note`), then the list's own tags.
 * Plain elements, so the lists that load no antd can show it.
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
  const src = material.thumbUrl ?? material.coverUrl;
  return (
    <div className="gs-material-line">
      {src ? (
        <img
          className="gs-material-line__thumb"
          src={src}
          alt={materialLabel(material)}
          width={size}
          height={size}
          loading="lazy"
        />
      ) : (
        <span
          className="gs-material-line__thumb"
          role="img"
          aria-label={materialLabel(material)}
          style={{ width: size, height: size }}
        />
      )}
      <div className="gs-material-line__text">
        <Link to={paths.detail(material.sid)}>{materialTitle(material)}</Link>
        <span className="gs-text-secondary gs-text-small">
          编号 {material.sid}
          {note ? ` · ${note}` : ''}
        </span>
        {children}
      </div>
    </div>
  );
}
