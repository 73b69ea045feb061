import phash from 'sharp-phash';

/**
 * The 64-bit perceptual hash of a picture (sharp-phash: the DCT of a 32×32 greyscale copy, one
 * bit per low frequency above their mean), as a signed bigint so PostgreSQL keeps it in a
 * `bigint` column. Pictures that look alike (re-encoded, resized, lightly retouched) have hashes
 * a few bits apart; decision 0030 says how far counts as a near-duplicate.
 */
export async function perceptualHash(picture: Buffer): Promise<bigint> {
  const bits = await phash(picture);
  if (!/^[01]{64}$/.test(bits)) throw new Error(`unexpected perceptual hash ${bits}`);
  return BigInt.asIntN(64, BigInt(`0b${bits}`));
}

/** How many of the 64 bits two perceptual hashes differ in. */
export function hammingDistance(a: bigint, b: bigint): number {
  let diff = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (diff > 0n) {
    count += Number(diff & 1n);
    diff >>= 1n;
  }
  return count;
}
