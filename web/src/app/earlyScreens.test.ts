import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeAnswersFrom } from '../api/client.ts';
import { fetchIdea, fetchRecommended } from '../ideas/ideasApi.ts';
import { fetchPeopleCount, fetchPeoplePage } from '../people/peopleApi.ts';
import { defaultFilters } from '../people/peopleFilters.ts';
import { fetchProfile } from '../profiles/profileApi.ts';
import { EARLY_SCREENS } from './earlyScreens.ts';

const earlyData = (pathname: string, userId = 7) => {
  for (const { path, data } of EARLY_SCREENS) {
    const match = path.exec(pathname);
    if (match) return data?.(match, userId) ?? [];
  }
  return [];
};

afterEach(() => {
  takeAnswersFrom(undefined);
  vi.unstubAllGlobals();
});

describe("the early screens' data", () => {
  it('names the very requests the screens make at a plain address, which read those answers', async () => {
    const fetch = vi.fn((_url: string) => Promise.resolve(new Response('{}', { status: 200 })));
    vi.stubGlobal('fetch', fetch);
    const signal = new AbortController().signal;
    await fetchRecommended(1, { signal });
    await fetchPeoplePage(defaultFilters, signal);
    await fetchPeopleCount(defaultFilters, signal);
    await fetchProfile(42, signal);
    await fetchProfile(7, signal);
    await fetchIdea(12, { signal });
    const asked = fetch.mock.calls.map(([url]) => String(url).replace(/^\/api\/v1/, ''));
    expect([
      ...earlyData('/dashboard'),
      ...earlyData('/people'),
      ...earlyData('/profile/42'),
      ...earlyData('/update-profile', 7),
      ...earlyData('/ideas/12'),
    ]).toEqual(asked);

    const taken: string[] = [];
    takeAnswersFrom((path) => {
      taken.push(path);
      return Promise.resolve(new Response('{"total_count":3}', { status: 200 }));
    });
    expect(await fetchPeopleCount(defaultFilters, signal)).toBe(3);
    expect(taken).toEqual(['/users/count']);
    expect(fetch).toHaveBeenCalledTimes(6);
  });
});
