// @vitest-environment jsdom
import type { QuickSearchAnswer, TenantAnswer } from '@kindling/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TenantContext } from '../tenant/TenantContext.ts';
import { HeaderSearch } from './HeaderSearch.tsx';
import { fetchQuickSearch } from './searchApi.ts';

vi.mock('./searchApi.ts', async (original) => ({
  ...(await original<typeof import('./searchApi.ts')>()),
  fetchQuickSearch: vi.fn(),
}));

const quick = vi.mocked(fetchQuickSearch);
const person = (id: number, first: string, last: string) =>
  ({ id, first_name: first, last_name: last, headline: 'Chemist', role_name: 'Faculty' }) as never;
const idea = (id: number, title: string) =>
  ({ id, title, principal_investigator: { first_name: 'Ada', last_name: 'Okafor' } }) as never;
const answer: QuickSearchAnswer = {
  ideas: [idea(11, 'Solid battery cells'), idea(12, 'Battery recycling')],
  people: [person(21, 'Priya', 'Raman')],
  idea_count: 14,
  people_count: 1,
};

const tenant = {
  id: 1,
  name: 'Alpha University',
  domain: 'alpha.test',
  branding: { navLabels: { ideas: 'Ideas', people: 'People' } },
} as TenantAnswer;

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

function renderSearch() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TenantContext value={tenant}>
        <MemoryRouter initialEntries={['/dashboard?tenant=alpha.test']}>
          <HeaderSearch id="header-search" />
          <Where />
        </MemoryRouter>
      </TenantContext>
    </QueryClientProvider>,
  );
}

const box = () => screen.getByRole('combobox', { name: 'Search ideas and people' });
const key = (name: string) => fireEvent.keyDown(box(), { key: name });
const where = () => screen.getByTestId('where').textContent;
const options = () => screen.queryAllByRole('option', { hidden: true });

/** Types, then lets the 200 ms pause pass and the answer arrive. */
async function type(text: string) {
  act(() => box().focus());
  fireEvent.change(box(), { target: { value: text } });
  // The pause, then the rounds in which the answer settles and React renders it.
  for (const ms of [250, 10, 10]) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  quick.mockReset();
  quick.mockResolvedValue(answer);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('HeaderSearch', () => {
  it('asks once the typing pauses, never for an empty field, and groups the answer', async () => {
    renderSearch();
    await type('   ');
    expect(quick).not.toHaveBeenCalled();
    expect(box().getAttribute('aria-expanded')).toBe('false');

    await type('batt');
    expect(quick).toHaveBeenCalledTimes(1);
    expect(quick.mock.calls[0]?.[0]).toBe('batt');
    expect(box().getAttribute('aria-expanded')).toBe('true');
    const groups = screen.getAllByRole('group', { hidden: true });
    expect(groups.map((group) => group.getAttribute('aria-labelledby'))).toHaveLength(2);
    expect(screen.getByRole('group', { name: 'Ideas 14', hidden: true })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'People 1', hidden: true })).toBeTruthy();
    expect(options().map((option) => option.textContent)).toEqual([
      'Solid battery cellsAda Okafor',
      'Battery recyclingAda Okafor',
      'Priya RamanChemist',
      'See all results for “batt”',
    ]);
  });

  it('moves through the results with the arrows, wrapping, and opens the one marked', async () => {
    renderSearch();
    await type('battery');
    key('ArrowDown');
    key('ArrowDown');
    expect(box().getAttribute('aria-activedescendant')).toBe(options()[1]?.id);
    expect(options()[1]?.getAttribute('aria-selected')).toBe('true');
    key('ArrowUp');
    key('ArrowUp');
    expect(box().getAttribute('aria-activedescendant')).toBe(options()[3]?.id);
    key('ArrowDown');
    key('ArrowDown');
    key('ArrowDown');
    key('Enter');
    expect(where()).toBe('/profile/21');
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });

  it('opens every result at /search on Enter with none marked, keeping the tenant', async () => {
    renderSearch();
    await type(' solid & cells ');
    key('Enter');
    expect(where()).toBe('/search?q=solid+%26+cells&tenant=alpha.test');
  });

  it('closes on Escape, then empties the field on a second Escape', async () => {
    renderSearch();
    await type('battery');
    expect(options()).toHaveLength(4);
    key('Escape');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(options()).toHaveLength(0);
    expect((box() as HTMLInputElement).value).toBe('battery');
    key('Escape');
    expect((box() as HTMLInputElement).value).toBe('');
  });

  it('says when nothing matches, and shows the failure’s message', async () => {
    quick.mockResolvedValueOnce({ ideas: [], people: [], idea_count: 0, people_count: 0 });
    renderSearch();
    await type('zzz');
    expect(screen.getByText('No ideas or people match “zzz”.')).toBeTruthy();
    expect(box().getAttribute('aria-expanded')).toBe('false');

    quick.mockRejectedValueOnce(new Error('Search is not available right now.'));
    await type('yyy');
    expect(screen.getByText('Search is not available right now.')).toBeTruthy();
  });
});
