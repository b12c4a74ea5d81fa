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
