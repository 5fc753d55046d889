import { describe, expect, it } from 'vitest';
import { errorFromResponse, networkError } from '../api/apiError.ts';
import { rolesProblem } from './roles.ts';

describe('rolesProblem', () => {
  it('names the missing authorisation for a 403', () => {
    expect(rolesProblem(errorFromResponse(403, 'Forbidden', undefined), undefined)).toBe(
      'You do not have authorization for University Roles.',
    );
  });

  it('says when the tenant has no roles', () => {
    expect(rolesProblem(null, [])).toBe('There are no university roles');
  });

  it('passes on the message of any other failure', () => {
    expect(rolesProblem(networkError(), undefined)).toBe(
      'Oops! Something went wrong. Please check your internet connection and try again.',
    );
  });

  it('has nothing to say about a loaded list, or one still loading', () => {
    expect(rolesProblem(null, [{ id: 1, name: 'Student', icon: 'student' }])).toBeNull();
    expect(rolesProblem(null, undefined)).toBeNull();
  });
});
