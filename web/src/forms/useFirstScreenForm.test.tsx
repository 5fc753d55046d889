// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SignInFormInput, SignInFormValues } from '../auth/signInForm.ts';
import { signInResolver } from '../auth/signInForm.ts';
import { useFirstScreenForm } from './useFirstScreenForm.ts';

afterEach(cleanup);

function Harness({ onValid }: { onValid(values: SignInFormValues): Promise<void> }) {
  const [away, setAway] = useState(false);
  const form = useFirstScreenForm<SignInFormInput, SignInFormValues>({
    resolver: signInResolver,
    defaultValues: { email: '', password: '', remember_session: false },
  });
  const { errors, isSubmitting } = form.formState;
  if (away) {
    return (
      <button
        type="button"
        onClick={() => {
          setAway(false);
          form.resetField('password');
        }}
      >
        Back
      </button>
    );
  }
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <label>
        Email
        <input type="email" {...form.register('email')} />
      </label>
      {errors.email && <p>email: {errors.email.message}</p>}
      <label>
        Password
        <input type="password" {...form.register('password')} />
      </label>
      {errors.password && <p>password: {errors.password.message}</p>}
      <label>
        Remember me
        <input type="checkbox" {...form.register('remember_session')} />
      </label>
      <button type="submit">{isSubmitting ? 'Signing in…' : 'Sign In'}</button>
      <button type="button" onClick={() => setAway(true)}>
        Away
      </button>
    </form>
  );
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const submit = () =>
  act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign In' })));

describe('useFirstScreenForm', () => {
  it('refuses an empty form through the resolver and focuses the first field in error', async () => {
    const onValid = vi.fn(async () => {});
    render(<Harness onValid={onValid} />);
    await submit();
    expect(screen.getByText(/^email:/)).toBeTruthy();
    expect(screen.getByText(/^password:/)).toBeTruthy();
    expect(document.activeElement).toBe(field('Email'));
    expect(onValid).not.toHaveBeenCalled();
  });

  it('checks a field again as it changes once the form was submitted', async () => {
    render(<Harness onValid={async () => {}} />);
    await submit();
    fireEvent.change(field('Email'), { target: { value: 'ada@demo.localhost' } });
    await waitFor(() => expect(screen.queryByText(/^email:/)).toBeNull());
    expect(screen.getByText(/^password:/)).toBeTruthy();
  });

  it('hands the resolved values to the submit handler', async () => {
    const onValid = vi.fn(async () => {});
    render(<Harness onValid={onValid} />);
    fireEvent.change(field('Email'), { target: { value: 'ada@demo.localhost' } });
    fireEvent.change(field('Password'), { target: { value: 'Kindling!2026' } });
    fireEvent.click(field('Remember me'));
    await submit();
    expect(onValid).toHaveBeenCalledWith({
      email: 'ada@demo.localhost',
      password: 'Kindling!2026',
      remember_session: true,
    });
  });

  it('keeps what was typed when the form is shown again, less a field that was reset', async () => {
    render(<Harness onValid={async () => {}} />);
    fireEvent.change(field('Email'), { target: { value: 'ada@demo.localhost' } });
    fireEvent.change(field('Password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Away' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(field('Email').value).toBe('ada@demo.localhost');
    expect(field('Password').value).toBe('');
  });
});
