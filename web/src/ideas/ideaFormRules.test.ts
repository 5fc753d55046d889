import { type IdeaDetail, ideaMessages } from '@kindling/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/apiError.ts';
import { serverFieldErrors } from '../forms/serverErrors.ts';
import { formValuesOf, ideaFieldOf, ideaInputOf, shownMessage } from './ideaFormRules.ts';

describe('shownMessage', () => {
  it("shows the tenant's patent wording for a bad patent number", () => {
    expect(shownMessage(ideaMessages.patentInvalid, 'Use the form US 1,234,567 B2.')).toBe(
      'Use the form US 1,234,567 B2.',
    );
  });

  it('rewords a refused link and keeps every other message', () => {
    expect(shownMessage(ideaMessages.linkInvalid, 'x')).toBe('Please enter a valid URL or Title');
    expect(shownMessage(ideaMessages.linkPair, 'x')).toBe('URL and Title must be filled together');
    expect(shownMessage(undefined, 'x')).toBeUndefined();
  });
});

describe('formValuesOf', () => {
  it('starts a new idea empty, with no IP status', () => {
    expect(formValuesOf()).toEqual({
      title: '',
      introduction: '',
      problem: '',
      opportunity: '',
      urls: [],
      patents: [],
      ip_status_id: null,
      support_ids: [],
    });
  });

  it('fills the form from the idea being edited', () => {
    const idea = {
      title: 'T',
      introduction: 'I',
      problem: 'P',
      opportunity: 'O',
      urls: [{ url: 'https://a.example', title: 'A' }],
      patents: ['US 1,234 B2'],
      ip_status_id: 3,
      support_ids: [1, 4],
    } as IdeaDetail;
    const values = formValuesOf(idea);
    expect(values).toEqual({
      title: 'T',
      introduction: 'I',
      problem: 'P',
      opportunity: 'O',
      urls: [{ url: 'https://a.example', title: 'A' }],
      patents: [{ number: 'US 1,234 B2' }],
      ip_status_id: 3,
      support_ids: [1, 4],
    });
    expect(ideaInputOf(values).patents).toEqual(['US 1,234 B2']);
  });
});

describe('ideaFieldOf', () => {
  it("puts a bad request's failures on the fields of the form they name", () => {
    const error = new ApiError({
      code: 'BAD_REQUEST',
      message: 'Invalid',
      status: 400,
      details: [
        { field: 'urls.1.title', error: ideaMessages.linkPair },
        { field: 'patents.0', error: ideaMessages.patentInvalid },
        { field: 'urls', error: ideaMessages.maxLinks },
        { field: 'tenant_id', error: 'x' },
      ],
    });
    expect(serverFieldErrors(error, ideaFieldOf)).toEqual([
      { field: 'urls.1.title', message: ideaMessages.linkPair },
      { field: 'patents.0.number', message: ideaMessages.patentInvalid },
    ]);
  });
});
