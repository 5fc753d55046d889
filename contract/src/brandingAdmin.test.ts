import { describe, expect, it } from 'vitest';
import { brandingOverridesBody, termsBody } from './brandingAdmin.ts';
import { isSafeFontStack } from './brandStyles.ts';
import { contrastProblems, contrastRatio } from './contrast.ts';

const issues = (body: unknown) => {
  const result = brandingOverridesBody.safeParse(body);
  return result.success
    ? []
    : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('branding overrides body', () => {
  it('accepts a partial and normalises colours; unknown keys are dropped', () => {
    const parsed = brandingOverridesBody.parse({
      styles: { 'color-primary': '#ABC', 'made-up': 'red' },
      navLabels: { people: '  Directory ' },
      somethingElse: 1,
    });
    expect(parsed).toEqual({
      styles: { 'color-primary': '#aabbcc' },
      navLabels: { people: 'Directory' },
    });
  });

  it('keeps names and labels to one line of plain text; long texts may hold line breaks', () => {
    const errors = (body: unknown) =>
      brandingOverridesBody.safeParse(body).error?.issues.map((issue) => issue.message) ?? [];
    expect(errors({ productName: 'Demo\r\nBcc: all@example.edu' })).toEqual([
      'productName must be one line.',
    ]);
    expect(errors({ navLabels: { people: 'Peo\u0000ple' } })).toEqual([
      'navLabels.people must be plain text.',
    ]);
    expect(errors({ home: { title: 'Line one\nline two' } })).toEqual([]);
  });

  it('refuses colours that are not #rgb or #rrggbb, so nothing else reaches a stylesheet', () => {
    for (const bad of ['red', '#12345', 'url(x)', '#fff;background:url(x)', 'rgb(0,0,0)', '']) {
      expect(issues({ styles: { 'color-primary': bad } }), bad).toEqual([
        ['styles.color-primary', 'styles.color-primary must be a colour as #rgb or #rrggbb.'],
      ]);
    }
  });

  it('takes font stacks of names only and radii from the list', () => {
    expect(isSafeFontStack("system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif")).toBe(true);
    expect(isSafeFontStack("ui-serif, Georgia, 'Times New Roman', serif")).toBe(true);
    for (const bad of ['x; color: red', "a'b", 'Arial}', 'url(x)', 'Arial\\', 'a,,b']) {
      expect(isSafeFontStack(bad), bad).toBe(false);
    }
    expect(issues({ styles: { radius: '2em' } })[0]?.[0]).toBe('styles.radius');
  });

  it('limits and requires texts, naming the field by its path', () => {
    expect(issues({ navLabels: { people: 'x'.repeat(41) } })).toEqual([
      ['navLabels.people', 'navLabels.people must be at most 40 characters.'],
    ]);
    expect(issues({ home: { title: '   ' } })).toEqual([
      ['home.title', 'home.title must not be empty.'],
    ]);
    expect(issues({ claimProfile: { acceptInvite: { benefits: ['ok', ''] } } })[0]?.[0]).toBe(
      'claimProfile.acceptInvite.benefits.1',
    );
  });

  it('takes only http(s) LinkedIn links, or none', () => {
    expect(issues({ linkedinURL: '' })).toEqual([]);
    expect(issues({ linkedinURL: 'https://www.linkedin.com/school/x' })).toEqual([]);
    for (const bad of ['javascript:alert(1)', 'ftp://x.org', 'linkedin']) {
      expect(issues({ linkedinURL: bad })[0]?.[0], bad).toBe('linkedinURL');
    }
  });
});

describe('contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
    expect(contrastRatio('red', '#fff')).toBeNull();
  });

  it('names each pair below 4.5:1', () => {
    const problems = contrastProblems({
      'color-primary': '#f59e0b',
      'color-on-primary': '#ffffff',
      'color-primary-hover': '#000000',
      'color-surface': '#ffffff',
      'color-background': '#ffffff',
    });
    expect(problems.map((p) => `${p.text}/${p.on}`)).toEqual([
      'color-on-primary/color-primary',
      'color-primary/color-surface',
      'color-primary/color-background',
    ]);
    expect(problems[0]?.message).toBe(
      'The contrast of button text on the primary colour is 2.14:1; it must be at least 4.5:1.',
    );
  });
});

describe('terms body', () => {
  it('takes a document or null', () => {
    expect(termsBody.parse({ terms: null })).toEqual({ terms: null });
    const doc = {
      title: 'Rules',
      lastUpdated: 'Today',
      introduction: 'Hello',
      sections: [{ title: 'One', content: '', items: [{ boldText: 'A', description: 'B' }] }],
      conclusion: '',
    };
    expect(termsBody.parse({ terms: doc })).toEqual({ terms: doc });
    expect(termsBody.safeParse({ terms: { ...doc, title: '' } }).success).toBe(false);
  });
});
