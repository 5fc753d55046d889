// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { applyBranding } from './applyBranding.ts';

const root = document.documentElement;

afterEach(() => {
  root.removeAttribute('style');
  document.title = '';
});

describe('applyBranding', () => {
  it('sets each style as a custom property and titles the document', () => {
    applyBranding({
      productName: 'Demo University',
      styles: { 'color-primary': '#8c1515', 'font-body': 'Georgia, serif', radius: '6px' },
    });
    expect(root.style.getPropertyValue('--color-primary')).toBe('#8c1515');
    expect(root.style.getPropertyValue('--font-body')).toBe('Georgia, serif');
    expect(root.style.getPropertyValue('--radius')).toBe('6px');
    expect(document.title).toBe('Demo University');
  });

  it('ignores keys that are not custom property names', () => {
    applyBranding({ productName: 'X', styles: { 'color-text': '#111', 'bad key;': 'red' } });
    expect(root.style.getPropertyValue('--color-text')).toBe('#111');
    expect(root.getAttribute('style')).not.toContain('bad');
  });

  it('removes what it set when undone', () => {
    root.style.setProperty('--unrelated', '1');
    document.title = 'Kindling';
    const undo = applyBranding({ productName: 'X', styles: { 'color-primary': '#000' } });
    undo();
    expect(root.style.getPropertyValue('--color-primary')).toBe('');
    expect(root.style.getPropertyValue('--unrelated')).toBe('1');
    expect(document.title).toBe('Kindling');
  });
});
