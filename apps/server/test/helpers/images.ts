import { SOCIETY_MESSAGES } from '@sodalis/contracts';
import sharp from 'sharp';

/** A photo-like image of `width` × `height` (a colour gradient), as base64 the uploads take. */
export async function gradientPhoto(
  width: number,
  height: number,
  format: 'jpeg' | 'png' = 'jpeg',
): Promise<string> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < width * height; index += 1) {
    pixels[index * 3] = index % 251;
    pixels[index * 3 + 1] = (index >> 8) % 253;
    pixels[index * 3 + 2] = 128;
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  const bytes = await (format === 'jpeg' ? image.jpeg() : image.png()).toBuffer();
  return bytes.toString('base64');
}

/** The `content` of a rendered page's `<meta>` whose property or name is `key`. */
export function metaOf(html: string, key: string): string | undefined {
  const escaped = key.replace(/[:.]/g, '\\$&');
  return new RegExp(`<meta (?:property|name)="${escaped}" content="([^"]*)"/>`).exec(html)?.[1];
}

/**
 * Uploads the image checks refuse (ADR 016, 034), base64, with the Italian message each gets:
 * an SVG with a script, a JPEG signature over broken data, a file over the 5 MB limit.
 */
export function refusedImages(): { fileName: string; content: string; message: string }[] {
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  );
  const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
  const tooLarge = Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff]),
    Buffer.alloc(5 * 1024 * 1024 + 10),
  ]);
  return [
    { fileName: 'logo.svg', content: svg.toString('base64'), message: SOCIETY_MESSAGES.notImage },
    {
      fileName: 'rotta.jpg',
      content: broken.toString('base64'),
      message: SOCIETY_MESSAGES.imageUnreadable,
    },
    {
      fileName: 'enorme.jpg',
      content: tooLarge.toString('base64'),
      message: SOCIETY_MESSAGES.imageTooLarge,
    },
  ];
}
