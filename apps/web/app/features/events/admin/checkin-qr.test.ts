import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { decodeQr } from './checkin-qr';
import type { QrPixels } from './checkin-qr-decoder';

/**
 * The camera's fallback decoder (ADR 054) on a badge's QR code drawn as the server draws it
 * (the `qrcode` library, ADR 051), as a canvas would give its pixels: RGBA, a quiet zone, a
 * grey background and a dark colour that is not black, as a phone's camera sees paper.
 */
function badgePixels(text: string, moduleSize = 5): QrPixels {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const margin = 4;
  const width = (size + 2 * margin) * moduleSize;
  const data = new Uint8ClampedArray(width * width * 4);
  for (let y = 0; y < width; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const row = Math.floor(y / moduleSize) - margin;
      const column = Math.floor(x / moduleSize) - margin;
      const dark =
        row >= 0 && column >= 0 && row < size && column < size && qr.modules.get(row, column) === 1;
      const offset = (y * width + x) * 4;
      data.set(dark ? [40, 30, 60, 255] : [215, 220, 210, 255], offset);
    }
  }
  return { data, width, height: width };
}

describe('the check-in’s QR decoder for browsers without BarcodeDetector', () => {
  it('reads a badge’s code from a frame’s pixels, through the lazily loaded decoder', async () => {
    expect(await decodeQr(badgePixels('K7RM3XQ2HWPA'))).toBe('K7RM3XQ2HWPA');
    expect(await decodeQr(badgePixels('ABCDEFGHJKLM', 3))).toBe('ABCDEFGHJKLM');
  });

  it('answers null for a frame without a code, and reads the next one', async () => {
    const blank = { data: new Uint8ClampedArray(200 * 200 * 4).fill(200), width: 200, height: 200 };
    expect(await decodeQr(blank)).toBeNull();
    expect(await decodeQr(badgePixels('23456789ABCD'))).toBe('23456789ABCD');
  });
});
