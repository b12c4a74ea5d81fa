// The QR reader of @zxing/library alone, by its modules' paths: the package's index would bring
// every format's reader and writer (about four times the bytes, ADR 054).
import BinaryBitmap from '@zxing/library/esm/core/BinaryBitmap';
import DecodeHintType from '@zxing/library/esm/core/DecodeHintType';
import HybridBinarizer from '@zxing/library/esm/core/common/HybridBinarizer';
import QRCodeReader from '@zxing/library/esm/core/qrcode/QRCodeReader';
import RGBLuminanceSource from '@zxing/library/esm/core/RGBLuminanceSource';

/**
 * The check-in's QR decoder for browsers without `BarcodeDetector` (ADR 054), loaded only by
 * `checkin-qr.ts` with a dynamic import: its bytes ride in a chunk of their own, served by the
 * site (no CDN, no WebAssembly: the CSP and a venue's network allow neither).
 */

/** A camera frame's pixels, as a canvas gives them (RGBA, 4 bytes a pixel). */
export interface QrPixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

const reader = new QRCodeReader();
const hints = new Map([[DecodeHintType.TRY_HARDER, true]]);

/** The text of the QR code in the frame, or null when none is read in it. */
export function decodeQrPixels(pixels: QrPixels): string | null {
  const { data, width, height } = pixels;
  // The luminance the reader wants: one byte a pixel, ITU-R BT.601's weights.
  const luminance = new Uint8ClampedArray(width * height);
  for (let pixel = 0, byte = 0; pixel < luminance.length; pixel += 1, byte += 4) {
    luminance[pixel] =
      ((data[byte] ?? 0) * 299 + (data[byte + 1] ?? 0) * 587 + (data[byte + 2] ?? 0) * 114) / 1000;
  }
  try {
    const bitmap = new BinaryBitmap(
      new HybridBinarizer(new RGBLuminanceSource(luminance, width, height)),
    );
    return reader.decode(bitmap, hints).getText();
  } catch {
    // No code found, or one not readable in this frame (the next one may be).
    return null;
  } finally {
    reader.reset();
  }
}
