import { describe, expect, it } from 'vitest';
import { RankingCache } from './ranking-cache.ts';

const ranking = {
  ideas: [
    { id: 3, own: false },
    { id: 1, own: true },
  ],
  interests: [{ lexeme: 'batteri', word: 'battery' }],
};

describe('the ranking cache', () => {
  it('answers a member’s ranking until it expires', () => {
    let now = 0;
    const cache = new RankingCache(1000, 10, () => now);
    cache.set(1, 7, ranking, cache.stamp(1));
    expect(cache.get(1, 7)).toEqual(ranking);
    expect(cache.get(1, 8)).toBeUndefined();
    expect(cache.get(2, 7)).toBeUndefined();
    now = 999;
    expect(cache.get(1, 7)).toEqual(ranking);
    now = 1000;
    expect(cache.get(1, 7)).toBeUndefined();
  });

  it('forgets a tenant’s rankings on a write there, and only there', () => {
    const cache = new RankingCache();
    cache.set(1, 7, ranking, cache.stamp(1));
    cache.set(2, 7, ranking, cache.stamp(2));
    cache.invalidate(1);
    expect(cache.get(1, 7)).toBeUndefined();
    expect(cache.get(2, 7)).toEqual(ranking);
    cache.set(1, 7, ranking, cache.stamp(1));
    expect(cache.get(1, 7)).toEqual(ranking);
  });

  it('refuses a ranking computed before a write that committed meanwhile', () => {
    const cache = new RankingCache();
    const stamp = cache.stamp(1);
    cache.invalidate(1);
    cache.set(1, 7, ranking, stamp);
    expect(cache.get(1, 7)).toBeUndefined();
  });

  it('drops the oldest ranking when full', () => {
    const cache = new RankingCache(60_000, 2);
    cache.set(1, 1, ranking, 0);
    cache.set(1, 2, ranking, 0);
    cache.set(1, 3, ranking, 0);
    expect(cache.get(1, 1)).toBeUndefined();
    expect(cache.get(1, 2)).toEqual(ranking);
    expect(cache.get(1, 3)).toEqual(ranking);
  });
});
