// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntryList } from './EntryList.tsx';

afterEach(cleanup);

interface Values {
  grants: { title: string }[];
}

let current: () => Values;

function Harness({ titles, max = 3 }: { titles: string[]; max?: number }) {
  const form = useForm<Values>({ defaultValues: { grants: titles.map((title) => ({ title })) } });
  current = form.getValues;
  return (
    <EntryList
      control={form.control}
      name="grants"
      noun="grant"
      blank={{ title: '' }}
      max={max}
      limitMessage="Grants must have at most 3 entries."
      addLabel="Add grant"
    >
      {(index) => (
        <input aria-label={`Title ${index + 1}`} {...form.register(`grants.${index}.title`)} />
      )}
    </EntryList>
  );
}

const button = (name: string) => screen.getByRole('button', { name });
const titles = () => current().grants.map((grant) => grant.title);
const status = () =>
  screen
    .getAllByRole('status')
    .map((region) => region.textContent)
    .join(' ');

describe('EntryList', () => {
  it('names each entry and its buttons, and cannot move past either end', () => {
    render(<Harness titles={['A', 'B']} />);
    expect(screen.getByRole('group', { name: 'Grant 1' })).toBeTruthy();
    expect((button('Move grant 1 up') as HTMLButtonElement).disabled).toBe(true);
    expect((button('Move grant 2 down') as HTMLButtonElement).disabled).toBe(true);
    expect((button('Move grant 1 down') as HTMLButtonElement).disabled).toBe(false);
  });

  it('moves an entry and keeps focus on the moved entry, else on its other move button', () => {
    render(<Harness titles={['A', 'B', 'C']} />);
    fireEvent.click(button('Move grant 1 down'));
    expect(titles()).toEqual(['B', 'A', 'C']);
    expect(document.activeElement).toBe(button('Move grant 2 down'));
    expect(status()).toContain('Grant 1 moved to position 2 of 3.');
    fireEvent.click(button('Move grant 2 down'));
    expect(titles()).toEqual(['B', 'C', 'A']);
    // The last entry cannot go further down, so its up button takes the focus.
    expect(document.activeElement).toBe(button('Move grant 3 up'));
  });

  it('after a removal focuses the next entry, else the previous, else the add button', () => {
    render(<Harness titles={['A', 'B']} />);
    fireEvent.click(button('Remove grant 1'));
    expect(titles()).toEqual(['B']);
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Grant 1' }));
    expect(status()).toContain('Grant 1 removed.');
    fireEvent.click(button('Remove grant 1'));
    expect(titles()).toEqual([]);
    expect(document.activeElement).toBe(button('Add grant'));
  });

  it('adds a blank entry with focus in it, up to the limit, then says the limit for a while', () => {
    vi.useFakeTimers();
    try {
      render(<Harness titles={['A', 'B']} />);
      fireEvent.click(button('Add grant'));
      expect(titles()).toEqual(['A', 'B', '']);
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Title 3' }));
      fireEvent.click(button('Add grant'));
      expect(titles()).toHaveLength(3);
      expect(status()).toContain('Grants must have at most 3 entries.');
      act(() => vi.advanceTimersByTime(5000));
      expect(status()).not.toContain('Grants must have at most 3 entries.');
    } finally {
      vi.useRealTimers();
    }
  });

  describe('a long list', () => {
    let form: UseFormReturn<Values>;
    function Long({ count }: { count: number }) {
      form = useForm<Values>({
        defaultValues: {
          grants: Array.from({ length: count }, (_, i) => ({ title: `Grant ${i + 1} title` })),
        },
      });
      const errors = form.formState.errors.grants;
      return (
        <EntryList
          control={form.control}
          name="grants"
          noun="grant"
          blank={{ title: '' }}
          max={100}
          limitMessage="Grants must have at most 100 entries."
          addLabel="Add grant"
          collapseAfter={2}
          pageSize={3}
          summary={(index) => ({ title: form.getValues(`grants.${index}.title`), detail: '' })}
          hasError={(index) => errors?.[index] !== undefined}
        >
          {(index) => (
            <input aria-label={`Title ${index + 1}`} {...form.register(`grants.${index}.title`)} />
          )}
        </EntryList>
      );
    }
    const fields = () => screen.queryAllByRole('textbox');

    it('shows each entry as its line, its fields behind Edit', () => {
      render(<Long count={3} />);
      expect(fields()).toEqual([]);
      expect(screen.getByText('Grant 2 title')).toBeTruthy();
      expect(screen.getByText('3 entries: choose Edit to change one.')).toBeTruthy();
      const edit = button('Edit grant 2');
      expect(edit.getAttribute('aria-expanded')).toBe('false');
      fireEvent.click(edit);
      expect(edit.getAttribute('aria-expanded')).toBe('true');
      expect(fields().map((field) => field.getAttribute('aria-label'))).toEqual(['Title 2']);
      // An open entry stays open where it moves.
      fireEvent.click(button('Move grant 2 up'));
      expect(form.getValues().grants.map((grant) => grant.title)).toEqual([
        'Grant 2 title',
        'Grant 1 title',
        'Grant 3 title',
      ]);
      expect(button('Edit grant 1').getAttribute('aria-expanded')).toBe('true');
      fireEvent.click(button('Edit grant 1'));
      expect(fields()).toEqual([]);
    });

    it('opens an entry with a message, and a new one with focus in it', () => {
      render(<Long count={3} />);
      act(() => form.setError('grants.2.title', { message: 'Title is too long.' }));
      expect(button('Edit grant 3').getAttribute('aria-expanded')).toBe('true');
      expect(fields().map((field) => field.getAttribute('aria-label'))).toEqual(['Title 3']);
      fireEvent.click(button('Add grant'));
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Title 4' }));
    });

    it('draws a page of lines, an entry with a message beyond it, and the rest on asking', () => {
      render(<Long count={5} />);
      expect(screen.queryByText('Grant 4 title')).toBeNull();
      act(() => form.setError('grants.4.title', { message: 'Title is too long.' }));
      expect(screen.getByRole('textbox', { name: 'Title 5' })).toBeTruthy();
      expect(screen.queryByText('Grant 4 title')).toBeNull();
      fireEvent.click(button('Show all 5 entries'));
      expect(screen.getByText('Grant 4 title')).toBeTruthy();
      expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Grant 4' }));
      expect(screen.queryByRole('button', { name: 'Show all 5 entries' })).toBeNull();
    });

    it('opens as it always did while the list is short', () => {
      render(<Long count={2} />);
      expect(fields()).toHaveLength(2);
      expect(screen.queryByRole('button', { name: 'Edit grant 1' })).toBeNull();
    });
  });
});
