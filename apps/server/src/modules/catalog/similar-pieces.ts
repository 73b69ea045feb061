import { FACETS } from '@gemstock/contract';
import { cellsNearColour, colourDistance, type PaletteColour } from '../../media/colour-palette.js';
import { hammingDistance } from '../../media/perceptual-hash.js';
import type { VisualSignature } from './similar.repository.js';

/** Hash bits a candidate without a hash counts as: as far as two unrelated pictures (half of 64). */
const UNKNOWN_HASH_DISTANCE = 32;
/** ΔE2000 of palette difference worth one bit of hash distance. */
const DELTA_E_PER_BIT = 4;
/** Bits a facet both materials have set, to different values, counts as (a scene: one). */
const FACET_MISMATCH_BITS = { metal: 3, gem: 3, piece: 3, scene: 1 } as const;

/**
 * How far apart two palettes look: for each colour of the first, weighted by its share, the
 * ΔE2000 to the closest colour of the second. 0 for the same colours; 100 when either is empty.
 */
export function paletteDifference(from: readonly PaletteColour[], to: readonly PaletteColour[]): number {
  if (from.length === 0 || to.length === 0) return 100;
  let weighted = 0;
  let shares = 0;
  for (const colour of from) {
    let best = Infinity;
    for (const other of to) best = Math.min(best, colourDistance(colour, other));
    weighted += best * colour.share;
    shares += colour.share;
  }
  return shares > 0 ? weighted / shares : 100;
}

/**
 * How unlike a material a candidate looks, in hash bits (lower is closer): the perceptual hash
 * distance, plus the palette difference (DELTA_E_PER_BIT ΔE a bit), plus the facets that
 * differ. A re-encoded or resized copy scores a few bits; decision 0048 says why these weights.
 */
export function similarityScore(material: VisualSignature, candidate: VisualSignature): number {
  const bits =
    material.perceptualHash !== null && candidate.perceptualHash !== null
      ? hammingDistance(material.perceptualHash, candidate.perceptualHash)
      : UNKNOWN_HASH_DISTANCE;
  let facets = 0;
  for (const facet of FACETS) {
    const a = material[facet];
    const b = candidate[facet];
    if (a !== null && b !== null && a !== b) facets += FACET_MISMATCH_BITS[facet];
  }
  return bits + paletteDifference(material.palette, candidate.palette) / DELTA_E_PER_BIT + facets;
}

/** The candidates closest first (ties: the older material first), at most `limit`, with their scores. */
export function scoreSimilar(material: VisualSignature, candidates: VisualSignature[], limit: number) {
  return candidates
    .map((candidate) => ({ candidate, score: similarityScore(material, candidate) }))
    .sort((x, y) => x.score - y.score || x.candidate.seq - y.candidate.seq)
    .slice(0, limit);
}

/** A stored 相似素材 list: sids closest first, each with its score. */
export interface SimilarList {
  similarSids: string[];
  scores: number[];
}

/**
 * The list with `sid` offered at `score`: placed among the others by score (after those as
 * close, who were there first) when the list has room or it beats the last one, which then
 * drops off. Null when the list stays as it was. A sid already listed is placed anew.
 */
export function offerToList(list: SimilarList, sid: string, score: number, kept: number): SimilarList | null {
  const others = list.similarSids.flatMap((s, i) => (s === sid ? [] : [{ sid: s, score: list.scores[i]! }]));
  if (others.length >= kept && score >= others[kept - 1]!.score) return null;
  let at = others.findIndex((o) => o.score > score);
  if (at === -1) at = others.length;
  others.splice(at, 0, { sid, score });
  const next = others.slice(0, kept);
  const unchanged =
    next.length === list.similarSids.length &&
    next.every((o, i) => o.sid === list.similarSids[i] && o.score === list.scores[i]);
  return unchanged ? null : { similarSids: next.map((o) => o.sid), scores: next.map((o) => o.score) };
}

/**
 * The cells near a palette's largest colour (as a colour search for it would ask): where the
 * colour candidates of 相似素材 come from. Empty for a material without a palette.
 */
export function dominantCellsOf(palette: readonly PaletteColour[]): string[] {
  return palette[0] ? cellsNearColour(palette[0]) : [];
}
