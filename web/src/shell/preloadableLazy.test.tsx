// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadableLazy } from './preloadableLazy.ts';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('preloadableLazy', () => {
  it('renders at once, without its fallback, once preloaded', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const Preloaded = preloadableLazy(load);
    await Preloaded.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Preloaded name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
    await Preloaded.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads on its first render like React.lazy when nobody preloaded it', async () => {
    const Later = preloadableLazy(() => Promise.resolve(Greeting));
    await act(async () => {
      render(
        <Suspense fallback={<p>Loading</p>}>
          <Later name="Grace" />
        </Suspense>,
      );
    });
    expect(await screen.findByText('Hello Grace')).toBeTruthy();
  });

  it('tries again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Greeting);
    const Flaky = preloadableLazy(load);
    await expect(Flaky.preload()).rejects.toThrow('offline');
    await Flaky.preload();
    render(<Flaky name="Linus" />);
    expect(screen.getByText('Hello Linus')).toBeTruthy();
  });
});
