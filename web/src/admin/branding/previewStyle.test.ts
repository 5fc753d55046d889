// @vitest-environment jsdom
import type { Branding } from '@kindling/contract';
import { describe, expect, it } from 'vitest';
import { previewStyle } from './BrandingPreview.tsx';

describe('previewStyle', () => {
  it('turns the draft styles into custom properties for the preview alone', () => {
    const style = previewStyle({
      styles: { 'color-primary': '#1d4ed8', radius: '4px', 'bad key;': 'red', '--x': 'y' },
    } as unknown as Branding);
    expect(style).toEqual({ '--color-primary': '#1d4ed8', '--radius': '4px' });
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('');
  });
});
