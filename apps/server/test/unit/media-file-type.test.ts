import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkIsoBmffStructure, sniffMediaType } from '../../src/media/file-type.js';
import { findExecutable, fitEven, parseFfprobeOutput } from '../../src/media/video-processor.js';
import { MediaRejectedError } from '../../src/media/media-errors.js';

function box(type: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
}

function ftyp(major: string, ...compatible: string[]): Buffer {
  return box('ftyp', Buffer.from(major + '\0\0\0\0' + compatible.join(''), 'latin1'));
}

describe('content sniffing', () => {
  it.each([
    ['jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46])],
    ['png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
    ['webp', Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1')],
    ['tiff', Buffer.from([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0])],
    ['tiff', Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8])],
    ['mp4', ftyp('isom', 'isom', 'iso2', 'avc1', 'mp41')],
    ['mp4', ftyp('mp42', 'mp42', 'isom')],
    ['mov', ftyp('qt  ', 'qt  ')],
    // An unknown major brand still counts when a compatible brand is a video one.
    ['mp4', ftyp('zzzz', 'xxxx', 'mp42')],
  ])('recognises %s by its first bytes', (format, head) => {
    expect(sniffMediaType(head)?.format).toBe(format);
  });

  it.each([
    ['text renamed .jpg', Buffer.from('this is not a picture, just text in a .jpg file')],
    ['a Windows executable', Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00', 'latin1')],
    ['an ELF binary', Buffer.from('\x7fELF\x02\x01\x01\x00', 'latin1')],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')],
    ['a PDF', Buffer.from('%PDF-1.7\n', 'latin1')],
    ['a zip', Buffer.from('PK\x03\x04', 'latin1')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a RIFF that is not WebP (WAV)', Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1')],
    ['audio-only MP4 (M4A)', ftyp('M4A ', 'M4A ', 'mp42').subarray(0, 12)],
    ['HEIC', ftyp('heic', 'mif1', 'heic')],
    ['BigTIFF', Buffer.from([0x49, 0x49, 0x2b, 0x00, 8, 0, 0, 0])],
    ['nothing', Buffer.alloc(0)],
    ['two bytes of JPEG', Buffer.from([0xff, 0xd8])],
  ])('refuses %s', (_name, head) => {
    expect(sniffMediaType(head)).toBeNull();
  });
});

describe('MP4/MOV structure check', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gemstock-bmff-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function check(data: Buffer) {
    const path = join(dir, `f-${Math.random()}.mp4`);
    writeFileSync(path, data);
    const handle = await open(path, 'r');
    try {
      return await checkIsoBmffStructure(handle, data.length);
    } finally {
      await handle.close();
    }
  }

  const whole = Buffer.concat([
    ftyp('isom', 'isom'),
    box('moov', Buffer.alloc(40)),
    box('mdat', Buffer.alloc(1000, 7)),
  ]);

  it('accepts boxes that tile the file exactly', async () => {
    expect(await check(whole)).toEqual({ ok: true });
  });

  it('refuses a file cut short inside a box', async () => {
    expect(await check(whole.subarray(0, whole.length - 10))).toMatchObject({ ok: false });
  });

  it('refuses a file without its index (moov)', async () => {
    expect(await check(Buffer.concat([ftyp('isom'), box('mdat', Buffer.alloc(100))]))).toMatchObject({
      ok: false,
      reason: 'no moov box',
    });
  });

  it('refuses garbage after the ftyp box', async () => {
    expect(await check(Buffer.concat([ftyp('isom'), Buffer.from('\x00\x00\x00\x02junk', 'latin1')]))).toMatchObject({
      ok: false,
    });
  });
});

describe('ffprobe output', () => {
  const probe = (streams: object[], format: object = { duration: '6.000000' }) =>
    parseFfprobeOutput(JSON.stringify({ streams, format }));

  it('reads size, duration, codec and audio', () => {
    expect(
      probe([
        { codec_type: 'video', codec_name: 'h264', width: 1920, height: 1080 },
        { codec_type: 'audio', codec_name: 'aac' },
      ]),
    ).toEqual({ width: 1920, height: 1080, durationMs: 6000, codec: 'h264', rotation: 0, hasAudio: true });
  });

  it('swaps width and height of a phone video recorded with a rotation', () => {
    const fromSideData = probe([
      { codec_type: 'video', codec_name: 'h264', width: 1920, height: 1080, side_data_list: [{ rotation: -90 }] },
    ]);
    expect(fromSideData).toMatchObject({ width: 1080, height: 1920, rotation: -90 });
    const fromTag = probe([
      { codec_type: 'video', codec_name: 'hevc', width: 3840, height: 2160, tags: { rotate: '270' } },
    ]);
    expect(fromTag).toMatchObject({ width: 2160, height: 3840 });
    const upsideDown = probe([
      { codec_type: 'video', codec_name: 'h264', width: 1920, height: 1080, side_data_list: [{ rotation: 180 }] },
    ]);
    expect(upsideDown).toMatchObject({ width: 1920, height: 1080 });
  });

  it('ignores cover art and refuses files without a real video stream or duration', () => {
    const reject = (fn: () => unknown) => expect(fn).toThrow(MediaRejectedError);
    reject(() => probe([{ codec_type: 'audio', codec_name: 'aac' }]));
    reject(() =>
      probe([{ codec_type: 'video', codec_name: 'mjpeg', width: 600, height: 600, disposition: { attached_pic: 1 } }]),
    );
    reject(() => probe([{ codec_type: 'video', codec_name: 'h264', width: 1920, height: 1080 }], {}));
    reject(() => parseFfprobeOutput('not json'));
  });
});

describe('video helpers', () => {
  it('fits a preview inside a long side with even dimensions, never enlarging', () => {
    expect(fitEven(1920, 1080, 640)).toEqual({ width: 640, height: 360 });
    expect(fitEven(1080, 1920, 640)).toEqual({ width: 360, height: 640 });
    expect(fitEven(1001, 333, 640)).toEqual({ width: 640, height: 212 });
    expect(fitEven(320, 240, 640)).toEqual({ width: 320, height: 240 });
  });

  it('finds binaries on PATH, and only an existing explicit path', () => {
    expect(findExecutable('sh', undefined, '/nonexistent:/bin:/usr/bin')).toMatch(/\/sh$/);
    expect(findExecutable('sh', '/nonexistent/sh')).toBeNull();
    expect(findExecutable('no-such-binary-gemstock', undefined, '/bin:/usr/bin')).toBeNull();
    // Relative PATH entries are ignored: they would depend on the working directory.
    expect(findExecutable('sh', undefined, '.:bin')).toBeNull();
  });
});
