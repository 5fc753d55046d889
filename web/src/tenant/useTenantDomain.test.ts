import { describe, expect, it } from 'vitest';
import { chooseTenantDomain } from './useTenantDomain.ts';

describe('chooseTenantDomain', () => {
  it('takes the tenant parameter first, normalised', () => {
    expect(chooseTenantDomain('?tenant=%20Demo.Localhost%20', 'other.edu')).toBe('demo.localhost');
  });

  it('falls back to the tenant stored last', () => {
    expect(chooseTenantDomain('?page=2', 'demo.localhost')).toBe('demo.localhost');
    expect(chooseTenantDomain('?tenant=', 'demo.localhost')).toBe('demo.localhost');
  });

  it('has none when neither names one', () => {
    expect(chooseTenantDomain('', null)).toBeNull();
    expect(chooseTenantDomain('', '  ')).toBeNull();
  });
});
