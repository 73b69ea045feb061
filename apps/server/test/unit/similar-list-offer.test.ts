import { describe, expect, it } from 'vitest';
import { offerToList } from '../../src/modules/catalog/similar-pieces.js';
import { bandsOfPerceptualHash } from '../../src/db/schema/index.js';

/*
 * A stored 相似素材 list takes a newcomer only where it is closer than what the list keeps
 * (offerToList), and the band cut in JavaScript is the one the band indexes are keyed by.
 */
const list = { similarSids: ['a', 'b', 'c'], scores: [1, 4, 9] };

describe('offerToList', () => {
  it('places a closer material by its score and drops the last when the list is full', () => {
    expect(offerToList(list, 'n', 3, 3)).toEqual({ similarSids: ['a', 'n', 'b'], scores: [1, 3, 4] });
  });

  it('leaves a full list alone for a material no closer than its last', () => {
    expect(offerToList(list, 'n', 9, 3)).toBeNull();
    expect(offerToList(list, 'n', 12, 3)).toBeNull();
  });

  it('appends to a list with room, after those as close', () => {
    expect(offerToList(list, 'n', 9, 24)).toEqual({ similarSids: ['a', 'b', 'c', 'n'], scores: [1, 4, 9, 9] });
  });

  it('places a material already listed anew, never twice', () => {
    expect(offerToList(list, 'c', 2, 3)).toEqual({ similarSids: ['a', 'c', 'b'], scores: [1, 2, 4] });
    expect(offerToList(list, 'b', 4, 3)).toBeNull();
  });
});

describe('bandsOfPerceptualHash', () => {
  it('cuts the 64 bits into 11, 11, 11, 11, 10 and 10, a negative hash as its unsigned bits', () => {
    expect(bandsOfPerceptualHash(0n)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(bandsOfPerceptualHash(-1n)).toEqual([2047, 2047, 2047, 2047, 1023, 1023]);
    expect(bandsOfPerceptualHash((1n << 11n) | 1n)).toEqual([1, 1, 0, 0, 0, 0]);
  });
});
