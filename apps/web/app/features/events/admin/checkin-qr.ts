import type { decodeQrPixels, QrPixels } from './checkin-qr-decoder';

/**
 * How the check-in's camera reads a badge's QR code (ADR 051, 054): with the browser's
 * `BarcodeDetector` where it has one (Chrome and Edge on Android), else with @zxing/library's QR
 * reader (Firefox, Safari on iPhone), a chunk of its own fetched from the site only on those
 * browsers, so the back office's first screen does not carry it.
 */

/** Reads the QR code in the video's current frame: its text, or null. */
export interface QrReader {
  read(video: HTMLVideoElement): Promise<string | null>;
}

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

function barcodeDetector(): DetectorClass | null {
  return (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector ?? null;
}

/** The decoder's module, once fetched. */
interface DecoderModule {
  decodeQrPixels: typeof decodeQrPixels;
}

let decoder: Promise<DecoderModule> | null = null;

/**
 * The decoder's chunk, fetched once. The check-in page asks for it when it opens, while the
 * network is there, so the camera still reads once a venue's Wi-Fi is gone; a failed fetch is
 * tried again on the next call.
 */
export function loadQrDecoder(): Promise<DecoderModule> {
  decoder ??= import('./checkin-qr-decoder').catch((error: unknown) => {
    decoder = null;
    throw error;
  });
  return decoder;
}

/** The text of the QR code in the pixels, by the fallback decoder, or null. */
export async function decodeQr(pixels: QrPixels): Promise<string | null> {
  return (await loadQrDecoder()).decodeQrPixels(pixels);
}

/** Wide enough for a badge held at arm's length, small enough to decode five times a second. */
const FRAME_WIDTH = 640;

/** The video's current frame as pixels, scaled down to FRAME_WIDTH; null before one shows. */
function framePixels(video: HTMLVideoElement, canvas: HTMLCanvasElement): QrPixels | null {
  if (video.videoWidth === 0 || video.videoHeight === 0) return null;
  const scale = Math.min(1, FRAME_WIDTH / video.videoWidth);
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (context === null) return null;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

/** Whether the browser reads QR codes itself (no decoder to fetch). */
export function hasBarcodeDetector(): boolean {
  return barcodeDetector() !== null;
}

/** The reader this browser uses: its own detector, or the fallback decoder on a canvas. */
export function qrReader(): QrReader {
  const Native = barcodeDetector();
  if (Native !== null) {
    const detector = new Native({ formats: ['qr_code'] });
    return { read: async (video) => (await detector.detect(video))[0]?.rawValue ?? null };
  }
  const canvas = document.createElement('canvas');
  return {
    read: async (video) => {
      const pixels = framePixels(video, canvas);
      return pixels === null ? null : decodeQr(pixels);
    },
  };
}
