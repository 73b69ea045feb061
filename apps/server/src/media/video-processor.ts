import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { MAX_VIDEO_DURATION_MS, MAX_VIDEO_SIDE } from './limits.js';
import { MediaProcessingError, MediaRejectedError } from './media-errors.js';

/**
 * Video work, and the only module that runs ffmpeg or ffprobe. Every call spawns the binary
 * directly with an argument array (no shell, so no file name or value is ever interpreted), reads
 * only local files, and is killed when it runs past its time limit.
 *
 * Inputs are always opened with the QuickTime/MP4 demuxer (`-f mov`; a WebM copy uploaded to 溯源:
 * Matroska's, `-f matroska`, chosen by its bytes) and the file protocol only, whatever the file
 * claims to be: a crafted file cannot pull in another demuxer (HLS, concat …) or a network resource.
 */

export interface VideoProbe {
  /** Displayed size: a rotation flag (phones) already applied. */
  width: number;
  height: number;
  durationMs: number;
  codec: string;
  rotation: number;
  hasAudio: boolean;
}

export interface PreviewClipOptions {
  /** Output size (even numbers, the overlay's size). */
  width: number;
  height: number;
  /** The clip is cut to this many seconds. */
  maxSeconds: number;
  /** A transparent PNG of width × height laid over every frame (the watermark). */
  overlayPngPath: string;
}

/**
 * The demuxer a file is opened with: always QuickTime/MP4, but 溯源 also reads a WebM copy
 * someone uploads (Matroska's demuxer; still the file protocol only).
 */
export type VideoContainer = 'mov' | 'matroska';

export interface VideoProcessor {
  /** False when ffmpeg or ffprobe is missing: video cannot be checked or previewed. */
  readonly available: boolean;
  readonly ffmpegPath: string | null;
  readonly ffprobePath: string | null;
  /** Size, duration and codec. Throws MediaRejectedError for a file that is not a usable video. */
  probe(path: string, options?: { container?: VideoContainer }): Promise<VideoProbe>;
  /** One frame at `atMs` as a JPEG of at most `maxLongSide` pixels on its long side. */
  extractPoster(input: string, output: string, options: { atMs: number; width: number; height: number }): Promise<void>;
  /** A short, small H.264 clip (faststart, no sound) with the overlay on every frame. */
  makePreviewClip(input: string, output: string, options: PreviewClipOptions): Promise<void>;
  /** The whole video cut to `crop` (pixels of the upright picture) and shrunk to width × height, sound kept. */
  makeReframe(input: string, output: string, options: ReframeOptions): Promise<void>;
  /**
   * The whole video with `patternPath` (one raw yuv420p frame of the video's upright size,
   * centred on 128) added to every frame's luma: a licence's trace mark (docs/decisions/0049).
   * H.264 at the reframes' quality; the sound copied as it is (AAC when it cannot be copied).
   */
  makeTracedVideo(input: string, output: string, options: TracedVideoOptions): Promise<void>;
  /**
   * Frames as raw 8-bit pixels (grey, or RGB with `colour`), one after another, into `output`,
   * shrunk to width × height: every frame, or `fps` a second; from `fromMs` for `durationMs`.
   * 溯源 finds the frame a still was grabbed from with these, and hashes frames to find the video.
   */
  rawFrames(input: string, output: string, options: RawFramesOptions): Promise<void>;
  /**
   * Frame `frameIndex` of those from `fromMs` on (counted as rawFrames counts them), upright and
   * at full size, as a PNG: the original's frame a still is read against.
   */
  frameStill(
    input: string,
    output: string,
    options: { fromMs: number; frameIndex: number; container?: VideoContainer },
  ): Promise<void>;
}

export interface TracedVideoOptions {
  patternPath: string;
  /** The upright size: the pattern's. */
  width: number;
  height: number;
}

export interface RawFramesOptions {
  width: number;
  height: number;
  fps?: number;
  fromMs?: number;
  durationMs?: number;
  colour?: boolean;
}

export interface ReframeOptions {
  crop: { x: number; y: number; width: number; height: number };
  /** Output size (even numbers, never larger than the crop: a reframe is never enlarged). */
  width: number;
  height: number;
}

const PROBE_TIMEOUT_MS = 30_000;
const POSTER_TIMEOUT_MS = 60_000;
const CLIP_TIMEOUT_MS = 10 * 60_000;
/** A reframe re-encodes the whole video (at most an hour, MAX_VIDEO_DURATION_MS). */
const REFRAME_TIMEOUT_MS = 90 * 60_000;
/** Reading frames for 溯源 decodes the whole video once at most (an hour, MAX_VIDEO_DURATION_MS). */
const FRAMES_TIMEOUT_MS = 15 * 60_000;
/** ffprobe's JSON for one file is a few kB; anything much larger is not what we asked for. */
const MAX_STDOUT_BYTES = 4 * 1024 * 1024;
const STDERR_TAIL_BYTES = 4096;

/** Options placed before every `-i`: local files only, always the MP4/QuickTime demuxer. */
function safeInput(container: VideoContainer = 'mov'): string[] {
  return ['-protocol_whitelist', 'file', '-f', container];
}

const SAFE_INPUT = safeInput();

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** An explicit path (must exist), else the first `name` on PATH, else null. */
export function findExecutable(
  name: string,
  explicit: string | undefined,
  pathEnv = process.env.PATH ?? '',
): string | null {
  if (explicit) return isExecutable(explicit) ? explicit : null;
  for (const dir of pathEnv.split(delimiter)) {
    if (!dir || !isAbsolute(dir)) continue;
    const candidate = join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

interface RunResult {
  stdout: string;
  stderr: string;
}

/** Runs a binary with arguments (no shell) and a time limit; rejects on a non-zero exit. */
function run(bin: string, args: string[], timeoutMs: number): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    const out: Buffer[] = [];
    let outBytes = 0;
    let errTail = Buffer.alloc(0);
    let failure: Error | null = null;
    const timer = setTimeout(() => {
      failure = new MediaProcessingError(`${bin} timed out after ${timeoutMs} ms`);
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > MAX_STDOUT_BYTES) {
        failure ??= new MediaProcessingError(`${bin} wrote more than ${MAX_STDOUT_BYTES} bytes`);
        child.kill('SIGKILL');
        return;
      }
      out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errTail = Buffer.concat([errTail, chunk]);
      if (errTail.length > STDERR_TAIL_BYTES) errTail = errTail.subarray(errTail.length - STDERR_TAIL_BYTES);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new MediaProcessingError(`${bin} could not be started: ${error.message}`, { cause: error }));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const stderr = errTail.toString('utf8').trim();
      if (failure) return reject(failure);
      if (code !== 0) {
        return reject(new MediaProcessingError(`${bin} exited with ${code ?? signal}: ${stderr.slice(-600)}`));
      }
      resolve({ stdout: Buffer.concat(out).toString('utf8'), stderr });
    });
  });
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  tags?: Record<string, string>;
  side_data_list?: Array<{ rotation?: number | string }>;
  disposition?: { attached_pic?: number };
}

interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { duration?: string; format_name?: string };
}

function rotationOf(stream: FfprobeStream): number {
  for (const side of stream.side_data_list ?? []) {
    if (side.rotation !== undefined && Number.isFinite(Number(side.rotation))) return Number(side.rotation);
  }
  const tag = stream.tags?.rotate;
  return tag !== undefined && Number.isFinite(Number(tag)) ? Number(tag) : 0;
}

/** Reads ffprobe's JSON into a probe; pure, so it is tested without ffprobe. */
export function parseFfprobeOutput(json: string): VideoProbe {
  let parsed: FfprobeOutput;
  try {
    parsed = JSON.parse(json) as FfprobeOutput;
  } catch {
    throw new MediaRejectedError('corrupt', 'ffprobe output is not JSON');
  }
  const streams = parsed.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video?.width || !video.height || !video.codec_name) {
    throw new MediaRejectedError('corrupt', 'no video stream with a size');
  }
  const seconds = Number(parsed.format?.duration ?? video.duration);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new MediaRejectedError('corrupt', 'no duration');
  const rotation = rotationOf(video);
  const quarterTurn = Math.abs(Math.round(rotation)) % 180 === 90;
  return {
    width: quarterTurn ? video.height : video.width,
    height: quarterTurn ? video.width : video.height,
    durationMs: Math.round(seconds * 1000),
    codec: video.codec_name,
    rotation,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
  };
}

function seconds(ms: number): string {
  return (Math.max(0, ms) / 1000).toFixed(3);
}

class FfmpegVideoProcessor implements VideoProcessor {
  readonly available: boolean;

  constructor(
    readonly ffmpegPath: string | null,
    readonly ffprobePath: string | null,
  ) {
    this.available = ffmpegPath !== null && ffprobePath !== null;
  }

  private binaries(): { ffmpeg: string; ffprobe: string } {
    if (!this.ffmpegPath || !this.ffprobePath) {
      throw new MediaRejectedError('video_unavailable', 'ffmpeg/ffprobe not found');
    }
    return { ffmpeg: this.ffmpegPath, ffprobe: this.ffprobePath };
  }

  async probe(path: string, options: { container?: VideoContainer } = {}): Promise<VideoProbe> {
    const { ffprobe } = this.binaries();
    let result: RunResult;
    try {
      result = await run(
        ffprobe,
        [
          '-v',
          'error',
          ...safeInput(options.container),
          '-print_format',
          'json',
          '-show_format',
          '-show_streams',
          '-i',
          path,
        ],
        PROBE_TIMEOUT_MS,
      );
    } catch (error) {
      // ffprobe refusing the file is the file's fault, not ours.
      throw new MediaRejectedError('corrupt', error instanceof Error ? error.message : String(error));
    }
    const probe = parseFfprobeOutput(result.stdout);
    if (Math.max(probe.width, probe.height) > MAX_VIDEO_SIDE || probe.durationMs > MAX_VIDEO_DURATION_MS) {
      throw new MediaRejectedError('video_too_large', `${probe.width}x${probe.height}, ${probe.durationMs} ms`, {
        width: probe.width,
        height: probe.height,
      });
    }
    return probe;
  }

  async extractPoster(input: string, output: string, options: { atMs: number; width: number; height: number }) {
    const { ffmpeg } = this.binaries();
    await run(
      ffmpeg,
      [
        ...['-v', 'error', '-nostdin', '-y'],
        ...['-ss', seconds(options.atMs)],
        ...SAFE_INPUT,
        ...['-i', input],
        ...['-frames:v', '1', '-an'],
        ...['-vf', `scale=${options.width}:${options.height}:flags=bicubic,setsar=1`],
        ...['-c:v', 'mjpeg', '-q:v', '2', '-f', 'image2', output],
      ],
      POSTER_TIMEOUT_MS,
    );
  }

  async makePreviewClip(input: string, output: string, options: PreviewClipOptions) {
    const { ffmpeg } = this.binaries();
    const { width, height } = options;
    await run(
      ffmpeg,
      [
        ...['-v', 'error', '-nostdin', '-y'],
        ...SAFE_INPUT,
        ...['-i', input],
        ...['-protocol_whitelist', 'file', '-f', 'png_pipe', '-i', options.overlayPngPath],
        ...['-t', String(options.maxSeconds)],
        ...[
          '-filter_complex',
          `[0:v]scale=${width}:${height}:flags=bicubic,setsar=1[v];[v][1:v]overlay=0:0:eof_action=repeat,format=yuv420p[out]`,
        ],
        ...['-map', '[out]', '-an', '-sn', '-dn'],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-profile:v', 'main', '-pix_fmt', 'yuv420p'],
        ...['-movflags', '+faststart', '-f', 'mp4', output],
      ],
      CLIP_TIMEOUT_MS,
    );
  }

  async makeReframe(input: string, output: string, options: ReframeOptions) {
    const { ffmpeg } = this.binaries();
    const { crop, width, height } = options;
    await run(
      ffmpeg,
      [
        ...['-v', 'error', '-nostdin', '-y'],
        ...SAFE_INPUT,
        ...['-i', input],
        ...[
          '-vf',
          `crop=${crop.width}:${crop.height}:${crop.x}:${crop.y},scale=${width}:${height}:flags=lanczos,setsar=1,format=yuv420p`,
        ],
        // the first video and, when there is one, the first sound track; no subtitles or data
        ...['-map', '0:v:0', '-map', '0:a:0?', '-sn', '-dn'],
        // a delivered file, not a preview: near-transparent quality, in what every channel takes (H.264 high, AAC)
        ...['-c:v', 'libx264', '-preset', 'medium', '-crf', '18', '-profile:v', 'high', '-pix_fmt', 'yuv420p'],
        ...['-c:a', 'aac', '-b:a', '192k'],
        ...['-movflags', '+faststart', '-f', 'mp4', output],
      ],
      REFRAME_TIMEOUT_MS,
    );
  }

  async makeTracedVideo(input: string, output: string, options: TracedVideoOptions) {
    const { ffmpeg } = this.binaries();
    const { width, height } = options;
    const args = (audio: string[]) => [
      ...['-v', 'error', '-nostdin', '-y'],
      ...SAFE_INPUT,
      ...['-i', input],
      ...['-protocol_whitelist', 'file', '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${width}x${height}`],
      ...['-i', options.patternPath],
      ...[
        '-filter_complex',
        // grainmerge: frame + pattern − 128 on every plane; the pattern's chroma is 128 (no change)
        `[0:v]format=yuv420p,setsar=1[v];[1:v]loop=loop=-1:size=1[p];[v][p]blend=all_mode=grainmerge:shortest=1[out]`,
      ],
      ...['-map', '[out]', '-map', '0:a:0?', '-sn', '-dn'],
      // the reframes' quality (near-transparent): the mark's few levels survive it
      ...['-c:v', 'libx264', '-preset', 'medium', '-crf', '18', '-profile:v', 'high', '-pix_fmt', 'yuv420p'],
      ...audio,
      ...['-movflags', '+faststart', '-f', 'mp4', output],
    ];
    try {
      await run(ffmpeg, args(['-c:a', 'copy']), REFRAME_TIMEOUT_MS);
    } catch (error) {
      // Sound MP4 cannot carry as it is (PCM from a camera's .mov): encoded instead.
      if (!(error instanceof MediaProcessingError) || /timed out/.test(error.message)) throw error;
      await run(ffmpeg, args(['-c:a', 'aac', '-b:a', '192k']), REFRAME_TIMEOUT_MS);
    }
  }

  async rawFrames(input: string, output: string, options: RawFramesOptions) {
    const { ffmpeg } = this.binaries();
    const filters = [
      ...(options.fps ? [`fps=${options.fps}`] : []),
      `scale=${options.width}:${options.height}:flags=area`,
    ];
    const pixels = options.colour ? 'rgb24' : 'gray';
    await run(
      ffmpeg,
      [
        ...['-v', 'error', '-nostdin', '-y'],
        ...(options.fromMs ? ['-ss', seconds(options.fromMs)] : []),
        ...SAFE_INPUT,
        ...['-i', input],
        ...(options.durationMs ? ['-t', seconds(options.durationMs)] : []),
        ...['-an', '-sn', '-dn', '-vf', filters.join(',')],
        // every frame the filters pass, none repeated or dropped to keep a rate
        ...['-vsync', 'passthrough', '-f', 'rawvideo', '-pix_fmt', pixels, output],
      ],
      FRAMES_TIMEOUT_MS,
    );
  }

  async frameStill(
    input: string,
    output: string,
    options: { fromMs: number; frameIndex: number; container?: VideoContainer },
  ) {
    const { ffmpeg } = this.binaries();
    await run(
      ffmpeg,
      [
        ...['-v', 'error', '-nostdin', '-y'],
        ...(options.fromMs ? ['-ss', seconds(options.fromMs)] : []),
        ...safeInput(options.container),
        ...['-i', input],
        ...['-an', '-sn', '-dn', '-vf', `select=eq(n\\,${Math.max(0, Math.floor(options.frameIndex))})`],
        ...['-frames:v', '1', '-vsync', 'passthrough', '-c:v', 'png', '-f', 'image2', output],
      ],
      FRAMES_TIMEOUT_MS,
    );
  }
}

/** ffmpeg and ffprobe from FFMPEG_PATH / FFPROBE_PATH, or from PATH; unavailable when either is missing. */
export function createVideoProcessor(options: { ffmpegPath?: string | undefined; ffprobePath?: string | undefined }) {
  return new FfmpegVideoProcessor(
    findExecutable('ffmpeg', options.ffmpegPath),
    findExecutable('ffprobe', options.ffprobePath),
  ) as VideoProcessor;
}

/** Even output size with the long side at most `maxLongSide`, never larger than the source. */
export function fitEven(width: number, height: number, maxLongSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxLongSide / Math.max(width, height));
  const even = (n: number) => Math.max(2, Math.round((n * scale) / 2) * 2);
  return { width: even(width), height: even(height) };
}
