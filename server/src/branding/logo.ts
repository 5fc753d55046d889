import type { Metadata, SharpOptions } from 'sharp';
import { badRequest } from '../http/errors.ts';

export const LOGO_TYPE_MESSAGE = 'The logo must be a JPEG, PNG, GIF or SVG image.';

const ACCEPTED = new Set(['jpeg', 'png', 'gif', 'svg']);
/** Room for the header's logo at three times its drawn size. */
const LOGO_MAX_WIDTH = 960;
const LOGO_MAX_HEIGHT = 240;
const SVG_DENSITY = { base: 72, max: 1200 };

const decoderOptions: SharpOptions = {
  animated: false,
  limitInputPixels: 50_000_000,
  failOn: 'error',
};

const notALogo = () => badRequest(LOGO_TYPE_MESSAGE, [{ field: 'file', error: LOGO_TYPE_MESSAGE }]);

/**
 * Decodes an uploaded logo and encodes a fresh PNG from its pixels alone, keeping transparency:
 * metadata is dropped and an SVG is rasterised (at a density that fills the size limit, so it stays
 * sharp), never stored as SVG. Anything else is a 400.
 */
export async function reencodeLogo(bytes: Uint8Array): Promise<Buffer> {
  // sharp and libvips are loaded by the first image rather than at start (decision 0048).
  const { default: sharp } = await import('sharp');
  let meta: Metadata;
  try {
    meta = await sharp(bytes, decoderOptions).metadata();
  } catch {
    throw notALogo();
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) throw notALogo();
  const options = { ...decoderOptions };
  if (meta.format === 'svg' && meta.width && meta.height) {
    const scale = Math.min(LOGO_MAX_WIDTH / meta.width, LOGO_MAX_HEIGHT / meta.height);
    options.density = Math.min(
      SVG_DENSITY.max,
      Math.max(SVG_DENSITY.base, SVG_DENSITY.base * scale),
    );
  }
  try {
    return await sharp(bytes, options)
      .rotate()
      .resize({
        width: LOGO_MAX_WIDTH,
        height: LOGO_MAX_HEIGHT,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw notALogo();
  }
}
