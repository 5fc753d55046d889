import { describe, expect, it } from 'vitest';
import {
  croppedFileName,
  cropSettings,
  nextRotation,
  photoTypeProblem,
  zoomPercent,
} from './photoRules.ts';

describe('zoomPercent', () => {
  it('reads the zoom range 1 to 3 as 0 to 100 percent', () => {
    expect(zoomPercent(1)).toBe(0);
    expect(zoomPercent(cropSettings.defaultZoom)).toBe(25);
    expect(zoomPercent(2)).toBe(50);
    expect(zoomPercent(3)).toBe(100);
  });

  it('rounds the steps of the slider to whole percents', () => {
    expect(zoomPercent(1.01)).toBe(1);
    expect(zoomPercent(2.37)).toBe(69);
  });

  it('starts at 1.5 and moves in steps of 0.01 within 1 to 3', () => {
    expect(cropSettings).toMatchObject({
      minZoom: 1,
      maxZoom: 3,
      zoomStep: 0.01,
      defaultZoom: 1.5,
    });
    expect(cropSettings.aspect).toBeCloseTo(4 / 3);
  });
});

describe('nextRotation', () => {
  it('adds a quarter turn and wraps at 360 degrees', () => {
    expect(nextRotation(0)).toBe(90);
    expect(nextRotation(90)).toBe(180);
    expect(nextRotation(180)).toBe(270);
    expect(nextRotation(270)).toBe(0);
  });
});

describe('croppedFileName', () => {
  it('names the cropped JPEG after the member and the moment', () => {
    expect(croppedFileName(42, 1_795_000_000_000)).toBe('42-1795000000000.jpg');
  });
});

describe('photoTypeProblem', () => {
  it('accepts JPEG, PNG, GIF and SVG', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/svg+xml']) {
      expect(photoTypeProblem({ type })).toBeNull();
    }
  });

  it('refuses anything else with the SPEC message', () => {
    for (const type of ['image/webp', 'application/pdf', '']) {
      expect(photoTypeProblem({ type })).toBe('Please upload a JPEG, PNG, GIF, or SVG image.');
    }
  });
});
