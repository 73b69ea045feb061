#!/usr/bin/env bash
# Regenerates the demo videos committed under apps/server/seed-assets/videos.
#
# A dev tool, not part of `npm start`: it needs ffmpeg and ffprobe (Debian: apt-get install -y
# --no-install-recommends ffmpeg). The frames are drawn by the same SVG artwork as the seeded
# images (src/seed/artwork.ts, via scripts/seed-video-frames.ts); the list of videos is
# src/seed/demo-videos.ts. For each video it writes:
#   <name>.mp4          the "original": H.264 high, yuv420p, faststart, sized to ~TARGET_KB
#   <name>.poster.jpg   first frame, at most 1280 px long side (the seed makes thumb/cover from it)
#   <name>.preview.mp4  the public preview: 640 px long side with the tiled GEMSTOCK mark
# and then manifest.json with the sizes and durations ffprobe reports.
#
# Usage: apps/server/scripts/make-seed-videos.sh [name …]   (no name: all of them)
set -euo pipefail

cd "$(dirname "$0")/.."
OUT=seed-assets/videos
FPS=${FPS:-24}
TARGET_KB=${TARGET_KB:-230}
PREVIEW_KB=${PREVIEW_KB:-80}
PREVIEW_LONG=640
TSX=(npx --no-install tsx)
HELPER=scripts/seed-video-frames.ts

command -v ffmpeg >/dev/null || { echo "ffmpeg is required (apt-get install ffmpeg)" >&2; exit 1; }
mkdir -p "$OUT"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

wanted=" $* "
mapfile -t videos < <("${TSX[@]}" "$HELPER" list)
for line in "${videos[@]}"; do
  read -r name width height seconds <<<"$line"
  if [[ $# -gt 0 && "$wanted" != *" $name "* ]]; then continue; fi
  echo "== $name ${width}x${height} ${seconds}s"
  # 1. Frames → a lossless intermediate, so both encodes below read the same pixels.
  "${TSX[@]}" "$HELPER" frames "$name" "$FPS" |
    ffmpeg -hide_banner -loglevel error -y -f rawvideo -pix_fmt rgb24 -s "${width}x${height}" -r "$FPS" -i - \
      -c:v libx264 -preset ultrafast -qp 0 -pix_fmt yuv444p "$tmp/$name.mkv"

  # 2. The original: two-pass to land near TARGET_KB whatever the resolution.
  kbps=$((TARGET_KB * 8 / seconds))
  common=(-c:v libx264 -preset slow -profile:v high -pix_fmt yuv420p -g $((FPS * 2)) -b:v "${kbps}k" -an)
  ffmpeg -nostdin -hide_banner -loglevel error -y -i "$tmp/$name.mkv" "${common[@]}" -pass 1 -passlogfile "$tmp/$name" -f mp4 /dev/null
  ffmpeg -nostdin -hide_banner -loglevel error -y -i "$tmp/$name.mkv" "${common[@]}" -pass 2 -passlogfile "$tmp/$name" \
    -movflags +faststart "$OUT/$name.mp4"

  # 3. Poster.
  "${TSX[@]}" "$HELPER" poster "$name" "$OUT/$name.poster.jpg"

  # 4. Watermarked preview at 640 px on the long side (even dimensions for yuv420p).
  if ((width >= height)); then
    pw=$PREVIEW_LONG
    ph=$(((height * PREVIEW_LONG / width + 1) / 2 * 2))
  else
    ph=$PREVIEW_LONG
    pw=$(((width * PREVIEW_LONG / height + 1) / 2 * 2))
  fi
  "${TSX[@]}" "$HELPER" overlay "$pw" "$ph" "$tmp/$name.overlay.png"
  pkbps=$((PREVIEW_KB * 8 / seconds))
  pcommon=(-filter_complex "[0:v]scale=${pw}:${ph}:flags=lanczos[v];[v][1:v]overlay=0:0,format=yuv420p"
    -c:v libx264 -preset slow -profile:v high -g $((FPS * 2)) -b:v "${pkbps}k" -an)
  ffmpeg -nostdin -hide_banner -loglevel error -y -i "$tmp/$name.mkv" -i "$tmp/$name.overlay.png" "${pcommon[@]}" \
    -pass 1 -passlogfile "$tmp/$name.p" -f mp4 /dev/null
  ffmpeg -nostdin -hide_banner -loglevel error -y -i "$tmp/$name.mkv" -i "$tmp/$name.overlay.png" "${pcommon[@]}" \
    -pass 2 -passlogfile "$tmp/$name.p" -movflags +faststart "$OUT/$name.preview.mp4"
  rm -f "$tmp/$name.mkv"
  ls -l "$OUT/$name".*
done

"${TSX[@]}" "$HELPER" manifest "$OUT"
du -ch "$OUT"/* | tail -1
