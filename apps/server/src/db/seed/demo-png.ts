import { crc32, deflateSync } from 'node:zlib';

/**
 * Portraits for the demo data set: a solid-colour PNG with a head-and-shoulders figure, no
 * dependencies. Its own module so the demo loaders can share it without importing each other.
 */

type Rgb = readonly [number, number, number];

export function makePortraitPng(background: Rgb, figure: Rgb, size = 96): Uint8Array {
  const rowLength = size * 3 + 1;
  const raw = Buffer.alloc(rowLength * size);
  const headX = size / 2;
  const headY = size * 0.4;
  const headRadius = size * 0.19;
  const bodyY = size * 1.02;
  const bodyRx = size * 0.36;
  const bodyRy = size * 0.38;
  for (let y = 0; y < size; y += 1) {
    raw[y * rowLength] = 0; // filter type "None"
    for (let x = 0; x < size; x += 1) {
      const px = x + 0.5;
      const py = y + 0.5;
      const inHead = (px - headX) ** 2 + (py - headY) ** 2 <= headRadius ** 2;
      const inBody = ((px - headX) / bodyRx) ** 2 + ((py - bodyY) / bodyRy) ** 2 <= 1;
      const colour = inHead || inBody ? figure : background;
      raw.set(colour, y * rowLength + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, deflate, no filter set, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body) >>> 0, 0);
  return Buffer.concat([length, body, checksum]);
}
