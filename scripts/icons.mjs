// The web app manifest's icons (www/public/icons/icon-192.png and icon-512.png): an orbit on the lab's blue, a
// dot on its path and one at its centre, drawn pixel by pixel into PNGs with Node's zlib. Run once when the
// design changes: node scripts/icons.mjs.

import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc = (bytes) => {
  let c = 0xffffffff;
  for (const b of bytes) c = TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
};

function icon(size) {
  const rows = [];
  const c = size / 2;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      const [dx, dy] = [(x + 0.5 - c) / size, (y + 0.5 - c) / size];
      const r = Math.hypot(dx / 1.25, dy);
      const body = Math.hypot(dx - 0.3, dy) < 0.07 || Math.hypot(dx, dy) < 0.05;
      const ring = Math.abs(r - 0.3) < 0.018;
      const [red, green, blue] = body ? [255, 213, 79] : ring ? [255, 255, 255] : [29, 78, 216];
      row.set([red, green, blue, 255], 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const dir = new URL('../www/public/icons/', import.meta.url);
mkdirSync(dir, { recursive: true });
for (const size of [192, 512]) writeFileSync(new URL(`icon-${size}.png`, dir), icon(size));
