import { CHANNEL_PRESET_TABLE, ChannelPreset, presetFits } from '@gemstock/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { findChannelCrops, renderCut } from '../../src/media/image-processor.js';
import { decodeCopy, markOriginal, readCopyAgainst, scoreKeys } from '../../src/media/trace-image.js';
import { TRACE_Z_THRESHOLD, traceCutKeyOf, traceKeyOf } from '../../src/media/trace-mark.js';
import { jewelleryPicture, TRANSFORMS } from './trace-fixtures.js';

/**
 * The trace mark on channel cuts (docs/decisions/0049): each licence's cut is the shared,
 * unmarked cut (decision 0046) with the licence's mark for that channel (traceCutKeyOf), and a copy
 * of it is read against that unmarked cut. Four test pictures enlarged to 1440–2160 px (cuts are never enlarged), every cut
 * each one makes (天猫 800×800, 小红书 1242×1656, 抖音 1080×1920, 公众号 900×383; 京东 is 天猫's
 * size), the issue's three transformations and all three together; three licences compete.
 */

const secret = Buffer.from('trace-test-secret');
/** 京东's cut is 天猫's size and frame: read once. */
const PRESETS = CHANNEL_PRESET_TABLE.filter((spec) => spec.preset !== ChannelPreset.JD);

describe('the trace mark on channel cuts', () => {
  it('names the licence of a copy of each cut after JPEG q70, 50 % resize, a 10 % crop and all three, never another licence', async () => {
    const lowestTrue: Record<string, number> = {};
    let highestWrong = -Infinity;
    let highestOther = -Infinity;
    let cuts = 0;
    for (let seed = 1; seed <= 4; seed += 1) {
      const small = await jewelleryPicture(seed);
      const meta = await sharp(small).metadata();
      const original = await sharp(small)
        .resize(meta.width! * 4, meta.height! * 4)
        .jpeg({ quality: 92 })
        .toBuffer();
      const { crops } = await findChannelCrops(original, CHANNEL_PRESET_TABLE);
      const keys = [0, 1, 2].map((n) => traceKeyOf(secret, `cut-licence-${seed}-${n}`));
      const buyer = seed % 3;
      for (const spec of PRESETS) {
        if (!presetFits(spec, meta.width! * 4, meta.height! * 4)) continue;
        const frame = crops[CHANNEL_PRESET_TABLE.indexOf(spec)]!;
        const cut = (await renderCut(original, frame, spec)).data;
        const cutKeys = keys.map((key) => traceCutKeyOf(key, spec.preset));
        const marked = await markOriginal(cut, cutKeys[buyer]!);
        cuts += 1;
        for (const [name, transform] of Object.entries(TRANSFORMS)) {
          const reading = await readCopyAgainst(await decodeCopy(await transform(marked.data)), cut);
          const scores = scoreKeys(reading, spec, cutKeys);
          // The cut's mark is its own: the licence's key of the original, or of another channel's
          // cut, is not read in it (a 3:4 picture's 小红书 cut has the original's grid).
          const others = scoreKeys(reading, spec, [keys[buyer]!, traceCutKeyOf(keys[buyer]!, 'other')]);
          highestOther = Math.max(highestOther, ...others);
          lowestTrue[name] = Math.min(lowestTrue[name] ?? Infinity, scores[buyer]!);
          highestWrong = Math.max(highestWrong, ...scores.filter((_, i) => i !== buyer));
          expect({ seed, preset: spec.preset, name, named: scores[buyer]! >= TRACE_Z_THRESHOLD }).toEqual({
            seed,
            preset: spec.preset,
            name,
            named: true,
          });
        }
      }
    }
    expect(cuts).toBeGreaterThanOrEqual(10);
    // Decision 0049 quotes these figures.
    for (const z of Object.values(lowestTrue)) expect(z).toBeGreaterThan(2 * TRACE_Z_THRESHOLD);
    expect(highestWrong).toBeLessThan(TRACE_Z_THRESHOLD / 2);
    expect(highestOther).toBeLessThan(TRACE_Z_THRESHOLD);
  }, 300_000);
});
