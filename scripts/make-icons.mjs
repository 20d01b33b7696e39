// Draws the app's icons into a built site: icon.svg, and PNGs of 192 and
// 512 pixels and a maskable 512 (its picture inside the middle 80 %, where
// every launcher's mask keeps it), for the web app manifest. One picture,
// a box as the board draws one, on the page's blue:
//
//   +-----------+
//   |  +-----+  |
//   |  | \ / |  |
//   |  | / \ |  |
//   |  +-----+  |
//   +-----------+
//
// The PNGs are drawn here (4 x 4 samples a pixel) and written with zlib, so
// the build needs nothing but Node.
//
//   node scripts/make-icons.mjs DIR
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BLUE = '#4157d8';
const EDGE = '#b27a34';
const BOX = '#e3a857';

// The picture on a 100 x 100 grid, bottom layer first. `scale` shrinks the
// box about the centre (the maskable icon's safe zone); `round`: the
// background's corner radius (0 for a maskable icon, which fills its square).
function shapes(scale = 1, round = 20) {
  const s = (v) => 50 + (v - 50) * scale;
  return [
    { kind: 'rect', x: 0, y: 0, w: 100, h: 100, r: round, color: BLUE },
    { kind: 'rect', x: s(22), y: s(22), w: 56 * scale, h: 56 * scale, r: 10 * scale, color: EDGE },
    { kind: 'rect', x: s(27), y: s(27), w: 46 * scale, h: 46 * scale, r: 7 * scale, color: BOX },
    { kind: 'line', x1: s(36), y1: s(36), x2: s(64), y2: s(64), width: 5 * scale, color: EDGE },
    { kind: 'line', x1: s(64), y1: s(36), x2: s(36), y2: s(64), width: 5 * scale, color: EDGE },
  ];
}

export function svgOf(list) {
  const body = list.map((p) => (p.kind === 'rect'
    ? `<rect x="${p.x}" y="${p.y}" width="${p.w}" height="${p.h}" rx="${p.r}" fill="${p.color}"/>`
    : `<path d="M${p.x1} ${p.y1}L${p.x2} ${p.y2}" stroke="${p.color}" stroke-width="${p.width}" stroke-linecap="round"/>`));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">\n${body.join('\n')}\n</svg>\n`;
}

function inside(p, x, y) {
  if (p.kind === 'line') {
    const dx = p.x2 - p.x1;
    const dy = p.y2 - p.y1;
    const t = Math.max(0, Math.min(1, ((x - p.x1) * dx + (y - p.y1) * dy) / (dx * dx + dy * dy)));
    return Math.hypot(x - (p.x1 + t * dx), y - (p.y1 + t * dy)) <= p.width / 2;
  }
  if (x < p.x || y < p.y || x > p.x + p.w || y > p.y + p.h) return false;
  const cx = Math.min(Math.max(x, p.x + p.r), p.x + p.w - p.r);
  const cy = Math.min(Math.max(y, p.y + p.r), p.y + p.h - p.r);
  return Math.hypot(x - cx, y - cy) <= p.r;
}

const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

// RGBA pixels of the picture at `size` x `size`.
export function rasterize(list, size) {
  const out = Buffer.alloc(size * size * 4);
  const colors = list.map((p) => rgb(p.color));
  const N = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < N; sy++) {
        for (let sx = 0; sx < N; sx++) {
          const x = ((px + (sx + 0.5) / N) / size) * 100;
          const y = ((py + (sy + 0.5) / N) / size) * 100;
          for (let i = list.length - 1; i >= 0; i--) {
            if (!inside(list[i], x, y)) continue;
            for (let c = 0; c < 3; c++) sum[c] += colors[i][c];
            sum[3] += 255;
            break;
          }
        }
      }
      const at = (py * size + px) * 4;
      const covered = sum[3] / 255;
      for (let c = 0; c < 3; c++) out[at + c] = covered ? Math.round(sum[c] / covered) : 0;
      out[at + 3] = Math.round(sum[3] / (N * N));
    }
  }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

// A PNG file of RGBA pixels (8 bits a channel, no filtering).
export function encodePng(rgba, width, height) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;   // bits per channel
  ihdr[9] = 6;   // RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

// The icons the manifest lists, by file name.
export const ICONS = [
  { file: 'icon-192.png', size: 192, picture: () => shapes() },
  { file: 'icon-512.png', size: 512, picture: () => shapes() },
  { file: 'icon-maskable-512.png', size: 512, picture: () => shapes(0.8, 0) },
];

export function writeIcons(dir) {
  fs.writeFileSync(path.join(dir, 'icon.svg'), svgOf(shapes()));
  for (const icon of ICONS) {
    fs.writeFileSync(path.join(dir, icon.file), encodePng(rasterize(icon.picture(), icon.size), icon.size, icon.size));
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const dir = process.argv[2];
  if (!dir || !fs.existsSync(dir)) {
    console.error('make-icons: usage: node scripts/make-icons.mjs DIR (an existing folder)');
    process.exit(1);
  }
  writeIcons(dir);
}
