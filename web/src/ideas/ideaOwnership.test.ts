import { describe, expect, it } from 'vitest';
import { leads } from './ideaOwnership.ts';

const idea = (caseManager: number | null) => ({
  principal_investigator: { id: 4 },
  case_manager: caseManager === null ? null : { id: caseManager },
});

describe('leads', () => {
  it('is true for the principal investigator and the case manager', () => {
    expect(leads(idea(7), 4)).toBe(true);
    expect(leads(idea(7), 7)).toBe(true);
  });

  it('is false for anyone else, and for nobody signed in', () => {
    expect(leads(idea(7), 9)).toBe(false);
    expect(leads(idea(null), 9)).toBe(false);
    expect(leads(idea(null), undefined)).toBe(false);
  });
});
