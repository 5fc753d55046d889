import { catalogueMessages } from '@kindling/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, errorFromResponse, isApiError, toApiError } from './apiError.ts';

describe('errorFromResponse', () => {
  it("keeps the server's error body, details included", () => {
    const body = {
      code: 'BAD_REQUEST',
      message: 'Validation failed',
      status: 400,
      details: [{ field: 'urls.0.url', error: 'Url or title is invalid' }],
    };
    const error = errorFromResponse(400, 'Bad Request', body);
    expect(error).toBeInstanceOf(ApiError);
    expect({ ...error, message: error.message }).toMatchObject(body);
  });

  it("prefers the server's message over the catalogue's for the same code", () => {
    const error = errorFromResponse(401, 'Unauthorized', {
      code: 'UNAUTHORIZED',
      message: 'Incorrect username or password.',
      status: 401,
      details: [],
    });
    expect(error.message).toBe('Incorrect username or password.');
  });

  it('drops malformed details instead of passing them on', () => {
    const error = errorFromResponse(400, '', {
      code: 'BAD_REQUEST',
      message: 'x',
      details: [{ field: 'a', error: 'b' }, { field: 1 }, 'junk'],
    });
    expect(error.details).toEqual([{ field: 'a', error: 'b' }]);
  });

  it.each([
    [401, 'UNAUTHORIZED', catalogueMessages.UNAUTHORIZED],
    [403, 'FORBIDDEN', catalogueMessages.FORBIDDEN],
    [429, 'TOO_MANY_REQUESTS', catalogueMessages.TOO_MANY_REQUESTS],
    [502, 'BAD_GATEWAY', catalogueMessages.BAD_GATEWAY],
    [500, 'INTERNAL_SERVER_ERROR', 'Internal Server Error'],
    [400, 'BAD_REQUEST', catalogueMessages.BAD_REQUEST],
  ])('falls back to the catalogue for a bare %i', (status, code, message) => {
    const error = errorFromResponse(status, 'ignored', '<html>proxy error</html>');
    expect(error).toMatchObject({ code, status, message, details: [] });
  });

  it('uses the status text for a status with no catalogue message', () => {
    expect(errorFromResponse(409, 'Conflict', undefined)).toMatchObject({
      code: 'CONFLICT',
      message: 'Conflict',
    });
  });

  it('answers INVALID_REQUEST with the status text for any other status', () => {
    expect(errorFromResponse(418, "I'm a teapot", null)).toMatchObject({
      code: 'INVALID_REQUEST',
      message: "I'm a teapot",
      status: 418,
    });
  });
});

describe('toApiError', () => {
  it('passes ApiErrors through and turns anything else into UNKNOWN_ERROR', () => {
    const known = errorFromResponse(404, 'Not Found', undefined);
    expect(toApiError(known)).toBe(known);
    expect(toApiError(new SyntaxError('bad json'))).toMatchObject({
      code: 'UNKNOWN_ERROR',
      message: catalogueMessages.UNKNOWN_ERROR,
      status: 0,
    });
  });
});

describe('isApiError', () => {
  it('checks the code when one is given', () => {
    const error = errorFromResponse(404, '', undefined);
    expect(isApiError(error)).toBe(true);
    expect(isApiError(error, 'NOT_FOUND')).toBe(true);
    expect(isApiError(error, 'FORBIDDEN')).toBe(false);
    expect(isApiError(new Error('x'))).toBe(false);
  });
});
