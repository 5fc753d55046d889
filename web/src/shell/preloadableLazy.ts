import { type ComponentType, createElement, lazy, useState } from 'react';

/**
 * React.lazy that can be loaded ahead of its first render. An instance that mounts once the code
 * has loaded renders it at once; React.lazy alone would suspend that first render, show the
 * fallback, and render the component in a commit of its own (docs/decisions/0019).
 */
export function preloadableLazy<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // A failed load (a network error) is tried again by the next render or preload.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    // Chosen once per instance: switching from the lazy wrapper would remount the component.
    const [ready] = useState(() => loaded);
    return createElement(ready ?? Lazy, props);
  }
  return Object.assign(Preloadable, { preload });
}
