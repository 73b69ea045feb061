import type { TMaterial } from '@gemstock/contract';
import { Flex, Image, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { materialLabel, materialTitle } from '@/lib/material-licence';

/**
 * A material in a list line (cart, purchased licences): its thumbnail, its name linking to the
 * detail page and its number with what the list adds to it (`note`), then the list's own tags.
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
    <Flex gap={12} align="center">
      <Image
        src={material.thumbUrl ?? material.coverUrl ?? undefined}
        alt={materialLabel(material)}
        width={size}
        height={size}
        style={{ objectFit: 'cover', borderRadius: 6, background: '#f5f5f5' }}
        preview={false}
        fallback="data:image/gif;base64,R0lGODlhAQABAAAAACw="
      />
      <Flex vertical gap={2} style={{ minWidth: 0 }}>
        <Link to={paths.detail(material.sid)}>{materialTitle(material)}</Link>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          编号 {material.sid}
          {note ? ` · ${note}` : ''}
        </Typography.Text>
        {children}
      </Flex>
    </Flex>
  );
}
