import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_WIDTH, outputSize, rotatedSize } from './cropImage.ts';

describe('rotatedSize', () => {
  it('swaps width and height on a quarter or three-quarter turn only', () => {
    expect(rotatedSize(800, 400, 0)).toEqual({ width: 800, height: 400 });
    expect(rotatedSize(800, 400, 90)).toEqual({ width: 400, height: 800 });
    expect(rotatedSize(800, 400, 180)).toEqual({ width: 800, height: 400 });
    expect(rotatedSize(800, 400, 270)).toEqual({ width: 400, height: 800 });
  });
});

describe('outputSize', () => {
  it('keeps a small crop as it is and scales a wide one down to the maximum width', () => {
    expect(outputSize({ x: 0, y: 0, width: 400, height: 300 })).toEqual({
      width: 400,
      height: 300,
    });
    expect(outputSize({ x: 10, y: 10, width: 2400, height: 1800 })).toEqual({
      width: MAX_PHOTO_WIDTH,
      height: 600,
    });
  });
});
