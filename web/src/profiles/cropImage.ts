export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The largest photo saved: wider crops are scaled down to this width (the hint's 800 px). */
export const MAX_PHOTO_WIDTH = 800;
const JPEG_QUALITY = 0.9;

/** The box a width × height picture fills once turned by a multiple of 90 degrees. */
export function rotatedSize(width: number, height: number, rotation: number) {
  return rotation % 180 === 0 ? { width, height } : { width: height, height: width };
}

/** The size of the saved photo for a crop: the crop itself, or scaled down to MAX_PHOTO_WIDTH. */
export function outputSize(area: PixelArea) {
  const scale = Math.min(1, MAX_PHOTO_WIDTH / area.width);
  return {
    width: Math.max(1, Math.round(area.width * scale)),
    height: Math.max(1, Math.round(area.height * scale)),
  };
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The picture could not be read.'));
    image.src = src;
  });
}

/**
 * Draws the crop that react-easy-crop chose onto a canvas and exports it as JPEG (SPEC §4). Its
 * area is measured on the picture after rotation, so the picture is turned first, then cut. JPEG
 * has no transparency: transparent parts of a PNG, GIF or SVG become white, not black.
 * Resolves null when the browser produces no picture.
 */
export async function cropToJpeg(
  src: string,
  area: PixelArea,
  rotation: number,
): Promise<Blob | null> {
  const image = await loadImage(src);
  const turned = rotatedSize(image.naturalWidth, image.naturalHeight, rotation);
  const whole = document.createElement('canvas');
  whole.width = turned.width;
  whole.height = turned.height;
  const wholeContext = whole.getContext('2d');
  if (!wholeContext) return null;
  wholeContext.translate(turned.width / 2, turned.height / 2);
  wholeContext.rotate((rotation * Math.PI) / 180);
  wholeContext.drawImage(image, -image.naturalWidth / 2, -image.naturalHeight / 2);

  const size = outputSize(area);
  const output = document.createElement('canvas');
  output.width = size.width;
  output.height = size.height;
  const context = output.getContext('2d');
  if (!context) return null;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(whole, area.x, area.y, area.width, area.height, 0, 0, size.width, size.height);
  return new Promise((resolve) => output.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}
