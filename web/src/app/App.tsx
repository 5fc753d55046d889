import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { prefetchStartup } from './prefetchStartup.ts';
import { createQueryClient } from './queryClient.ts';
import { createRouter } from './router.tsx';

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    prefetchStartup(client);
    return client;
  });
  const [router] = useState(() => createRouter(queryClient));

  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
