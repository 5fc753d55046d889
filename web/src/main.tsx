import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { persistedStore } from './state/persistedStore.ts';
import './app/global.css';
import './validation/zodWithoutEval.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks the #root element');

// SPEC §2: the app starts only after the persisted state is restored.
await persistedStore.restore();
persistedStore.followOtherTabs(window);

// A transition lets React render the app in slices of a few milliseconds, yielding to the browser
// in between, rather than in one task that blocks input while it runs.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
