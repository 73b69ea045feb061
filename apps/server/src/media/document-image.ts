import sharp from 'sharp';

/** A JPEG copy of a stored image for embedding in a PDF (pdfkit reads only JPEG and PNG). */
export async function toDocumentJpeg(input: Buffer, longSide = 600): Promise<Buffer> {
  return sharp(input, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85 })
    .toBuffer();
}
