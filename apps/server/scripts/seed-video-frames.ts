/**
 * Helper of make-seed-videos.sh (a dev tool: it is never run by npm start).
 *
 *   list                          one line per demo video: name width height seconds
 *   frames <name> <fps>           raw rgb24 frames on stdout, for ffmpeg -f rawvideo
 *   poster <name> <out.jpg>       the first frame as a JPEG, at most 1280 px on the long side
 *   overlay <width> <height> <out.png>   the tiled watermark as a transparent PNG
 *   manifest <dir>                probes the MP4s with ffprobe and writes <dir>/manifest.json
 */
import { execFileSync } from 'node:child_process';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeCover, rasteriseSvg, renderWatermarkOverlay } from '../src/media/image-processor.js';
import { composeScene } from '../demo/artwork.js';
import { DEMO_VIDEOS, type DemoVideo, type SeedVideoManifest } from '../demo/demo-videos.js';

function video(name: string | undefined): DemoVideo {
  const found = DEMO_VIDEOS.find((v) => v.name === name);
  if (!found) throw new Error(`unknown video ${String(name)}`);
  return found;
}

async function write(chunk: Buffer): Promise<void> {
  if (!process.stdout.write(chunk)) await new Promise((resolve) => process.stdout.once('drain', resolve));
}

async function frames(v: DemoVideo, fps: number): Promise<void> {
  const total = Math.round(v.seconds * fps);
  const batch = 3;
  for (let first = 0; first < total; first += batch) {
    const indices = Array.from({ length: Math.min(batch, total - first) }, (_, k) => first + k);
    const rendered = await Promise.all(
      indices.map((i) => rasteriseSvg(composeScene(v.scene, v.width, v.height, i / total))),
    );
    for (const frame of rendered) await write(frame.data);
    process.stderr.write(`\r${v.name}: ${Math.min(first + batch, total)}/${total}`);
  }
  process.stderr.write('\n');
}

function probe(file: string): { width: number; height: number; durationMs: number } {
  const out = execFileSync(
    'ffprobe',
    [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=width,height:format=duration',
      '-of',
      'json',
      file,
    ],
    { encoding: 'utf8' },
  );
  const parsed = JSON.parse(out) as { streams: Array<{ width: number; height: number }>; format: { duration: string } };
  const stream = parsed.streams[0]!;
  return { width: stream.width, height: stream.height, durationMs: Math.round(Number(parsed.format.duration) * 1000) };
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  switch (command) {
    case 'list':
      for (const v of DEMO_VIDEOS) process.stdout.write(`${v.name} ${v.width} ${v.height} ${v.seconds}\n`);
      return;
    case 'frames':
      return frames(video(args[0]), Number(args[1] ?? 24));
    case 'poster': {
      const v = video(args[0]);
      const raw = await rasteriseSvg(composeScene(v.scene, v.width, v.height, 0));
      const jpeg = await makeCover(raw, { format: 'jpeg', longSide: 1280 });
      writeFileSync(args[1]!, jpeg.data);
      return;
    }
    case 'overlay':
      writeFileSync(args[2]!, await renderWatermarkOverlay(Number(args[0]), Number(args[1])));
      return;
    case 'manifest': {
      const dir = args[0]!;
      const manifest: SeedVideoManifest = {
        generatedBy: 'apps/server/scripts/make-seed-videos.sh',
        videos: DEMO_VIDEOS.filter((v) => {
          const present = existsSync(join(dir, `${v.name}.mp4`)) && existsSync(join(dir, `${v.name}.preview.mp4`));
          if (!present) process.stderr.write(`manifest: ${v.name} has not been rendered yet, left out\n`);
          return present;
        }).map((v) => {
          const file = `${v.name}.mp4`;
          const preview = `${v.name}.preview.mp4`;
          const main = probe(join(dir, file));
          const small = probe(join(dir, preview));
          return {
            name: v.name,
            file,
            poster: `${v.name}.poster.jpg`,
            preview,
            width: main.width,
            height: main.height,
            durationMs: main.durationMs,
            bytes: statSync(join(dir, file)).size,
            previewWidth: small.width,
            previewHeight: small.height,
          };
        }),
      };
      writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      return;
    }
    default:
      throw new Error(`usage: seed-video-frames.ts list|frames|poster|overlay|manifest`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
