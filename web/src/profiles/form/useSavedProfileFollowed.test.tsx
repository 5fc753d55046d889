// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { EntryList } from '../../forms/EntryList.tsx';
import type { UserProfile } from '../profileApi.ts';
import {
  formValuesOf,
  type ProfileFormOutput,
  type ProfileFormValues,
} from '../profileFormValues.ts';
import { testProfile } from '../testProfile.ts';
import { useSavedProfileFollowed } from './useSavedProfileFollowed.ts';

afterEach(cleanup);

const paper = (title: string) => ({
  title,
  authors: '',
  year: 2020,
  citations: null,
  doi: null,
  venue: '',
  url: null,
});

let values: () => ProfileFormValues;

/** The profile form's publications, as ProfileForm holds them, following the saved profile. */
function Harness({ profile }: { profile: UserProfile }) {
  const form = useForm<ProfileFormValues, unknown, ProfileFormOutput>({
    defaultValues: formValuesOf(profile),
  });
  useSavedProfileFollowed(form, profile);
  values = form.getValues;
  return (
    <>
      <input aria-label="Bio" {...form.register('bio')} />
      <EntryList
        control={form.control}
        name="publications"
        noun="publication"
        blank={{ title: '', authors: '', year: '', citations: '', doi: '', venue: '', url: '' }}
        max={1000}
        limitMessage="Publications must have at most 1000 entries."
        addLabel="Add publication"
      >
        {(index) => (
          <input
            aria-label={`Title ${index + 1}`}
            {...form.register(`publications.${index}.title`)}
          />
        )}
      </EntryList>
    </>
  );
}

// By label, not by role: role queries compute every element's accessible name and style, which
// took this file past its time limit on a loaded machine.
const type = (name: string, value: string) =>
  fireEvent.input(screen.getByLabelText(name), { target: { value } });
const titles = () => values().publications.map((entry) => entry.title);

describe('the profile form following the saved profile', () => {
  it('shows an import accepted into a section being edited, keeping the unsaved edits', async () => {
    const saved = testProfile({ publications: [paper('Ours'), paper('Theirs')] });
    const view = render(<Harness profile={saved} />);
    type('Title 1', 'Ours, retitled');
    fireEvent.click(screen.getByRole('button', { name: 'Add publication' }));
    type('Title 3', 'Typed, not saved');
    type('Bio', 'A new bio.');

    // The Import panel accepts a candidate: the saved profile gains it at the end.
    const accepted = testProfile({
      publications: [paper('Ours'), paper('Theirs'), paper('Accepted')],
    });
    await act(async () => view.rerender(<Harness profile={accepted} />));
    expect(titles()).toEqual(['Ours, retitled', 'Theirs', 'Typed, not saved', 'Accepted']);
    expect(values().bio).toBe('A new bio.');
    expect(screen.getByLabelText('Title 4')).toHaveProperty('value', 'Accepted');

    // A second one follows the first, and a removal the member made stays made.
    fireEvent.click(screen.getByRole('button', { name: 'Remove publication 2' }));
    const twice = testProfile({
      publications: [paper('Ours'), paper('Theirs'), paper('Accepted'), paper('Again')],
    });
    await act(async () => view.rerender(<Harness profile={twice} />));
    expect(titles()).toEqual(['Ours, retitled', 'Typed, not saved', 'Accepted', 'Again']);
  });

  it('takes the saved section as it is where the member changed nothing', async () => {
    const view = render(<Harness profile={testProfile({ publications: [paper('Ours')] })} />);
    type('Bio', 'A new bio.');
    const accepted = testProfile({ publications: [paper('Ours'), paper('Accepted')] });
    await act(async () => view.rerender(<Harness profile={accepted} />));
    expect(titles()).toEqual(['Ours', 'Accepted']);
    expect(values().bio).toBe('A new bio.');
  });
});
