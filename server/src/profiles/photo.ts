import { profileMessages } from '@kindling/contract';
import type { SharpOptions } from 'sharp';
import { badRequest } from '../http/errors.ts';

/** The formats SPEC §5 accepts, as the decoder names them; the client's type and name are ignored. */
const ACCEPTED = new Set(['jpeg', 'png', 'gif', 'svg']);
const PHOTO_MAX_SIDE = 1600;

const decoderOptions: SharpOptions = {
  // Only the first frame of an animated GIF; a decompression bomb stops at the pixel limit.
  animated: false,
  limitInputPixels: 50_000_000,
  failOn: 'error',
};

const notAPhoto = () =>
  badRequest(profileMessages.photoType, [{ field: 'file', error: profileMessages.photoType }]);

/**
 * Decodes an uploaded image and encodes a fresh JPEG from its pixels alone: metadata (EXIF, GPS,
 * comments) is dropped, an SVG is rasterised, orientation is applied, and nothing the browser could
 * run survives. Anything the decoder does not read as JPEG, PNG, GIF or SVG is a 400.
 */
export async function reencodePhoto(bytes: Uint8Array): Promise<Buffer> {
  // sharp and libvips are loaded by the first image rather than at start (decision 0048).
  const { default: sharp } = await import('sharp');
  let format: string | undefined;
  try {
    format = (await sharp(bytes, decoderOptions).metadata()).format;
  } catch {
    throw notAPhoto();
  }
  if (!format || !ACCEPTED.has(format)) throw notAPhoto();
  try {
    return await sharp(bytes, decoderOptions)
      .rotate()
      .resize({
        width: PHOTO_MAX_SIDE,
        height: PHOTO_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    throw notAPhoto();
  }
}
