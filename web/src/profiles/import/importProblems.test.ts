import { describe, expect, it } from 'vitest';
import { errorFromResponse } from '../../api/apiError.ts';
import { importProblem } from './importProblems.ts';

describe('importProblem', () => {
  it('names the source that failed or hung (CONTRACT §10 details)', () => {
    const error = errorFromResponse(502, 'Bad Gateway', {
      code: 'BAD_GATEWAY',
      message: 'Oops! It seems our service is temporarily unavailable. Please try again later.',
      status: 502,
      details: [{ field: 'source', error: 'Crossref' }],
    });
    expect(importProblem(error)).toBe(
      'Crossref did not answer in time or failed, so nothing was imported. Please try again later.',
    );
  });

  it("gives a refused import's own message: a field's first, else the answer's", () => {
    const tooMany = errorFromResponse(400, 'Bad Request', {
      code: 'BAD_REQUEST',
      message: 'The request is invalid.',
      status: 400,
      details: [{ field: 'dois', error: 'Please enter at most 50 DOIs.' }],
    });
    expect(importProblem(tooMany)).toBe('Please enter at most 50 DOIs.');
    const large = errorFromResponse(413, 'Payload Too Large', {
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The file must be at most 1 MiB.',
      status: 413,
      details: [],
    });
    expect(importProblem(large)).toBe('The file must be at most 1 MiB.');
  });
});
