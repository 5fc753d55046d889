import type { Branding } from '@kindling/contract';
import { describe, expect, it } from 'vitest';
import { formFieldOf, overridesOf } from './overrides.ts';

const defaults = {
  productName: 'Alpha',
  navLabels: { ideas: 'Ideas', people: 'People' },
  styles: { 'color-primary': '#9a3412', radius: '8px' },
  home: { descriptions: ['One', 'Two'] },
} as unknown as Branding;

describe('overridesOf', () => {
  it('keeps only what differs from the defaults', () => {
    const draft = {
      ...defaults,
      navLabels: { ideas: 'Ideas', people: ' Directory ' },
      styles: { 'color-primary': '#1d4ed8', radius: '8px' },
    } as unknown as Branding;
    expect(overridesOf(draft, defaults)).toEqual({
      navLabels: { people: 'Directory' },
      styles: { 'color-primary': '#1d4ed8' },
    });
  });

  it('compares lists after dropping empty lines, and nothing changed is nothing saved', () => {
    const same = {
      ...defaults,
      home: { descriptions: ['One', '', ' Two '] },
    } as unknown as Branding;
    expect(overridesOf(same, defaults)).toEqual({});
    const more = {
      ...defaults,
      home: { descriptions: ['One', 'Two', 'Three'] },
    } as unknown as Branding;
    expect(overridesOf(more, defaults)).toEqual({
      home: { descriptions: ['One', 'Two', 'Three'] },
    });
  });
});

describe('formFieldOf', () => {
  it('points a line of a list at the list', () => {
    expect(formFieldOf('home.descriptions.2')).toBe('home.descriptions');
    expect(formFieldOf('styles.color-primary')).toBe('styles.color-primary');
  });
});
