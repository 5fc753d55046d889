import { profileMessages } from '@kindling/contract';

/** SPEC §2 and §9 photo widget: the crop frame, zoom and rotation, and the accepted types. */
export const cropSettings = {
  aspect: 4 / 3,
  minZoom: 1,
  maxZoom: 3,
  zoomStep: 0.01,
  defaultZoom: 1.5,
  rotationStep: 90,
} as const;

export const PHOTO_HINT = 'SVG, PNG, JPG or GIF (max. 800x400px)';
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/svg+xml'] as const;

/** The zoom as the slider reads it: 1 is 0 %, 3 is 100 % (SPEC §2: (zoom - 1) / 2 * 100). */
export function zoomPercent(zoom: number): number {
  return Math.round(((zoom - cropSettings.minZoom) / 2) * 100);
}

/** A quarter turn more, back to 0 after a full turn. */
export function nextRotation(rotation: number): number {
  return (rotation + cropSettings.rotationStep) % 360;
}

/** SPEC §4 photo flow: the cropped photo is saved to the form as `{userId}-{timestamp}.jpg`. */
export function croppedFileName(userId: number, timestamp: number): string {
  return `${userId}-${timestamp}.jpg`;
}

/** null for an accepted picture, else the SPEC §5 message. */
export function photoTypeProblem(file: { type: string }): string | null {
  return (PHOTO_TYPES as readonly string[]).includes(file.type) ? null : profileMessages.photoType;
}
