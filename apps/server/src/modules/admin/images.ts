import {
  ADMIN_IMAGE_LIMITS,
  SOCIETY_MESSAGES,
  base64DecodedBytes,
  isStrictBase64,
} from '@sodalis/contracts';
import type Sharp from 'sharp';
import { AppError } from '../../http/app-error.js';

/**
 * Images of the back office (ADR 016): board members' photos and supporters' logos. Uploads are
 * checked by their bytes (JPEG, PNG or WebP signature), by size, and by the dimensions their
 * header declares before anything is decoded, so an image bomb is refused, not decoded. What is
 * stored is always a PNG made here (no metadata: EXIF and GPS are dropped).
 */

type Pipeline = ReturnType<typeof Sharp>;

/**
 * sharp (libvips) loaded on the first upload, not at start: it adds about 26 MB of resident
 * memory that readers' requests never use (ADR 020, memory under load).
 */
let sharpModule: Promise<typeof Sharp> | null = null;
const loadSharp = (): Promise<typeof Sharp> =>
  (sharpModule ??= import('sharp').then((loaded) => loaded.default));

export type ImageKind = 'jpeg' | 'png' | 'webp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type by its first bytes, or null when it is none of JPEG, PNG, WebP. */
export function imageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

/** The width and height of a PNG, read from its IHDR chunk. */
export function pngSize(bytes: Buffer): { width: number; height: number } | null {
  if (imageKind(bytes) !== 'png' || bytes.length < 24) return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const invalid = (path: string, message: string) =>
  new AppError('invalidRequest', [{ path, message }]);

/** Decodes an uploaded image and checks its size and type by its bytes; `path` names the field. */
export function checkedImage(content: string, path: string): { bytes: Buffer; kind: ImageKind } {
  if (!isStrictBase64(content)) throw invalid(path, SOCIETY_MESSAGES.notImage);
  if (base64DecodedBytes(content) > ADMIN_IMAGE_LIMITS.maxBytes)
    throw invalid(path, SOCIETY_MESSAGES.imageTooLarge);
  const bytes = Buffer.from(content, 'base64');
  const kind = imageKind(bytes);
  if (kind === null) throw invalid(path, SOCIETY_MESSAGES.notImage);
  return { bytes, kind };
}

/**
 * A pipeline over a checked image: its header's dimensions must stay within the pixel limit
 * (read without decoding) and its decoded format must be the one its signature said.
 */
async function pipeline(image: { bytes: Buffer; kind: ImageKind }, path: string) {
  const options = { limitInputPixels: ADMIN_IMAGE_LIMITS.maxPixels, failOn: 'error' } as const;
  const sharp = await loadSharp();
  let metadata: Awaited<ReturnType<Pipeline['metadata']>>;
  try {
    metadata = await sharp(image.bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw invalid(path, SOCIETY_MESSAGES.imageUnreadable);
  }
  const { width, height, format } = metadata;
  if (format !== image.kind || width === undefined || height === undefined)
    throw invalid(path, SOCIETY_MESSAGES.imageUnreadable);
  if (width * height > ADMIN_IMAGE_LIMITS.maxPixels)
    throw invalid(path, SOCIETY_MESSAGES.imageTooManyPixels);
  // `rotate()` applies the EXIF orientation of a phone photo before the metadata is dropped.
  return sharp(image.bytes, options).rotate();
}

async function rendered(output: Pipeline, path: string): Promise<Buffer> {
  try {
    return await output.toBuffer();
  } catch {
    // A header that promised a readable image over broken data.
    throw invalid(path, SOCIETY_MESSAGES.imageUnreadable);
  }
}

/** PNG settings: a palette of up to 256 colours keeps a photo a few tens of KB. */
const PNG_OPTIONS = { palette: true, quality: 90, effort: 7, compressionLevel: 9 } as const;

/** A square PNG profile picture (spec §2.11 fotoProfilo), cropped around the subject. */
export async function profilePhotoPng(content: string, path: string): Promise<Buffer> {
  const side = ADMIN_IMAGE_LIMITS.photoSide;
  const image = await pipeline(checkedImage(content, path), path);
  return rendered(
    image
      .resize(side, side, { fit: 'cover', position: (await loadSharp()).strategy.attention })
      .png(PNG_OPTIONS),
    path,
  );
}

/** A logo fitted whole into a square PNG with transparent margins (the page shows it square). */
export async function logoPng(content: string, path: string): Promise<Buffer> {
  const side = ADMIN_IMAGE_LIMITS.logoSide;
  const image = await pipeline(checkedImage(content, path), path);
  return rendered(
    image
      .resize(side, side, {
        fit: 'contain',
        background: { r: 255, g: 255, b: 255, alpha: 0 },
        withoutEnlargement: false,
      })
      .png(PNG_OPTIONS),
    path,
  );
}

/** One size of an image made here: its bytes and dimensions. */
export interface RenderedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

async function renderedWithSize(output: Pipeline, path: string): Promise<RenderedImage> {
  try {
    const { data, info } = await output.toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    throw invalid(path, SOCIETY_MESSAGES.imageUnreadable);
  }
}

/** A JPEG whose longest side is at most `side`, for link previews; transparency on white. */
function shareJpeg(image: Pipeline, side: number, path: string): Promise<RenderedImage> {
  return renderedWithSize(
    image
      .clone()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true }),
    path,
  );
}

/**
 * A news cover (ADR 034) from one upload: a JPEG whose longest side is at most `shareSide`
 * for sharing (link previews read JPEG everywhere; transparency goes on white) and a WebP of
 * at most `pageSide` for the page. Never enlarged; proportions kept; no metadata.
 */
export async function coverImages(
  content: string,
  path: string,
  sides: { shareSide: number; pageSide: number },
): Promise<{ share: RenderedImage; page: RenderedImage }> {
  const image = await pipeline(checkedImage(content, path), path);
  const [share, page] = await Promise.all([
    shareJpeg(image, sides.shareSide, path),
    renderedWithSize(
      image
        .clone()
        .resize(sides.pageSide, sides.pageSide, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80, effort: 5 }),
      path,
    ),
  ]);
  return { share, page };
}

/**
 * The pages' share image (ADR 034, amended): the share size of a news cover alone, checked and
 * made the same way.
 */
export async function shareImage(content: string, path: string, side: number) {
  return shareJpeg(await pipeline(checkedImage(content, path), path), side, path);
}
