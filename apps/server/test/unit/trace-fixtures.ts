import sharp from 'sharp';

/** Pictures and the three transformations, for the trace mark's tests (docs/decisions/0049). */

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

/** A jewellery-like picture: shaded discs and rings on a white, dark or cream ground, with grain. */
export async function jewelleryPicture(seed: number): Promise<Buffer> {
  const rand = rng(seed * 7919 + 17);
  const portrait = seed % 3 === 0;
  const width = portrait ? 360 : 480 + Math.floor(rand() * 60);
  const height = portrait ? 480 : 360;
  const grounds = ['#ffffff', '#1b1b1f', '#f4efe6'];
  const ground = grounds[seed % 3]!;
  const gems: string[] = [];
  for (let i = 0; i < 4 + Math.floor(rand() * 5); i += 1) {
    const hue = Math.floor(rand() * 360);
    const r = 15 + rand() * 80;
    gems.push(
      `<radialGradient id="g${i}" cx="35%" cy="35%" r="70%"><stop offset="0" stop-color="hsl(${hue},80%,88%)"/><stop offset="0.6" stop-color="hsl(${hue},70%,45%)"/><stop offset="1" stop-color="hsl(${hue},60%,15%)"/></radialGradient>`,
      `<circle cx="${rand() * width}" cy="${rand() * height}" r="${r}" fill="url(#g${i})"/>`,
      `<ellipse cx="${rand() * width}" cy="${rand() * height}" rx="${r * 1.6}" ry="${r * 0.4}" fill="none" stroke="hsl(${hue},40%,70%)" stroke-width="${3 + rand() * 6}"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${ground}"/>${gems.join('')}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i += 1) data[i] = Math.max(0, Math.min(255, data[i]! + (rand() - 0.5) * 6));
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

export const q70 = (b: Buffer) => sharp(b).jpeg({ quality: 70 }).toBuffer();
async function half(b: Buffer) {
  const m = await sharp(b).metadata();
  return sharp(b)
    .resize(Math.round(m.width! / 2), Math.round(m.height! / 2))
    .png()
    .toBuffer();
}
/** A 10 % crop: 90 % of the width and of the height kept, off-centre. */
async function crop10(b: Buffer) {
  const m = await sharp(b).metadata();
  const width = Math.round(m.width! * 0.9);
  const height = Math.round(m.height! * 0.9);
  return sharp(b)
    .extract({ left: Math.round(m.width! * 0.07), top: Math.round(m.height! * 0.03), width, height })
    .png()
    .toBuffer();
}
export const combined = async (b: Buffer) => q70(await half(await crop10(b)));

export const TRANSFORMS = {
  'JPEG q70': q70,
  'resized to 50 %': half,
  'cropped by 10 %': crop10,
  'all three': combined,
};
