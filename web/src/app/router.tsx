import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type Params, type RouteObject } from 'react-router';
import { RouteGuard } from '../auth/RouteGuard.tsx';
import { fetchSession, sessionQueryKey } from '../auth/session.ts';
import { RouteError } from '../errors/RouteError.tsx';
import { PageSpinner } from '../shell/Spinner.tsx';
import { AppLayout, preloadSignedInShell } from './AppLayout.tsx';
import { takeEarlyScreenData } from './earlyRequests.ts';
import { RootRoute } from './RootRoute.tsx';

/** SPEC §9: a screen's script that has not arrived after two minutes counts as failed. */
const CHUNK_TIMEOUT_MS = 120_000;

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('Timed out loading a screen')),
      CHUNK_TIMEOUT_MS,
    );
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** Starts a screen's data requests for the address that opens it; settles when they have. */
type ScreenPrefetch = (queryClient: QueryClient, url: URL, params: Params) => Promise<unknown>;

/** The query client the screens' loaders start their requests in; createRouter sets it. */
let screensQueryClient: QueryClient | undefined;

/** Members' screens ask for their data only for a member: a visitor is sent to sign in. */
async function whenSignedIn(queryClient: QueryClient, start: () => Promise<unknown>) {
  const session = await queryClient
    .ensureQueryData({ queryKey: sessionQueryKey, queryFn: ({ signal }) => fetchSession(signal) })
    .catch(() => null);
  if (session) await start();
}

/**
 * A lazily loaded screen: each becomes its own script chunk. With `prefetch`, the screen's data
 * is asked for as its route matches, while the rest of the start-up runs, rather than once the
 * screen has rendered (docs/decisions/0017). The loader waits for it only when the early script
 * asked for it already (the first screen at a plain address): that costs no round trip, and the
 * screen then renders once, with its data, instead of a skeleton and then again (decision 0019).
 * It waits for the signed-in shell's lazy parts then too, which the early script preloaded.
 */
function screen<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  prefetch?: (module: M) => ScreenPrefetch,
) {
  return async () => {
    const module = await withTimeout(load());
    const start = prefetch?.(module);
    const queryClient = screensQueryClient;
    if (!start || !queryClient) return { Component: pick(module) };
    return {
      Component: pick(module),
      loader: async ({ request, params }: { request: Request; params: Params }) => {
        const wait = takeEarlyScreenData();
        const data = whenSignedIn(queryClient, () =>
          Promise.all([start(queryClient, new URL(request.url), params), preloadSignedInShell()]),
        );
        if (wait) await data;
        return null;
      },
    };
  };
}

const signedOutOnly: RouteObject = {
  element: <RouteGuard access={{ kind: 'signedOutOnly' }} />,
  children: [
    {
      index: true,
      lazy: screen(
        () => import('../home/HomePage.tsx'),
        (m) => m.HomePage,
      ),
    },
    {
      path: 'signin',
      lazy: screen(
        () => import('../auth/SignInPage.tsx'),
        (m) => m.SignInPage,
      ),
    },
    {
      path: 'forgot-password',
      lazy: screen(
        () => import('../auth/ForgotPasswordPage.tsx'),
        (m) => m.ForgotPasswordPage,
      ),
    },
    {
      path: 'request-invite',
      lazy: screen(
        () => import('../invitations/RequestInvitePage.tsx'),
        (m) => m.RequestInvitePage,
      ),
    },
  ],
};

const signedIn: RouteObject = {
  element: <RouteGuard access={{ kind: 'signedIn' }} />,
  children: [
    {
      path: 'dashboard',
      lazy: screen(
        () => import('../ideas/DashboardPage.tsx'),
        (m) => m.DashboardPage,
        (m) => m.prefetchDashboard,
      ),
    },
    {
      path: 'people',
      lazy: screen(
        () => import('../people/PeoplePage.tsx'),
        (m) => m.PeoplePage,
        (m) => m.prefetchPeople,
      ),
    },
    {
      path: 'terms-and-conditions',
      lazy: screen(
        () => import('../terms/TermsPage.tsx'),
        (m) => m.TermsPage,
      ),
    },
    {
      path: 'update-profile',
      lazy: screen(
        () => import('../profiles/UpdateProfilePage.tsx'),
        (m) => m.UpdateProfilePage,
        (m) => m.prefetchOwnProfile,
      ),
    },
    {
      path: 'following',
      lazy: screen(
        () => import('../ideas/FollowingPage.tsx'),
        (m) => m.FollowingPage,
      ),
    },
    {
      path: 'ideas/:id',
      lazy: screen(
        () => import('../ideas/IdeaDetailPage.tsx'),
        (m) => m.IdeaDetailPage,
        (m) => m.prefetchIdea,
      ),
    },
    {
      path: 'my-interest',
      lazy: screen(
        () => import('../discussion/MyInterestPage.tsx'),
        (m) => m.MyInterestPage,
      ),
    },
    {
      path: 'notification-settings',
      lazy: screen(
        () => import('../notifications/NotificationSettingsPage.tsx'),
        (m) => m.NotificationSettingsPage,
      ),
    },
    {
      path: 'account',
      lazy: screen(
        () => import('../account/AccountPage.tsx'),
        (m) => m.AccountPage,
      ),
    },
    {
      path: 'notifications',
      lazy: screen(
        () => import('../notifications/NotificationsPage.tsx'),
        (m) => m.NotificationsPage,
      ),
    },
    {
      path: 'search',
      lazy: screen(
        () => import('../search/SearchPage.tsx'),
        (m) => m.SearchPage,
      ),
    },
    {
      path: 'profile/:id',
      lazy: screen(
        () => import('../profiles/ProfilePage.tsx'),
        (m) => m.ProfilePage,
        (m) => m.prefetchProfile,
      ),
    },
  ],
};

const canCreateIdeas: RouteObject = {
  element: <RouteGuard access={{ kind: 'signedIn', permission: 'create_idea' }} />,
  children: [
    {
      path: 'my-ideas',
      lazy: screen(
        () => import('../ideas/MyIdeasPage.tsx'),
        (m) => m.MyIdeasPage,
      ),
    },
    {
      path: 'idea-creation',
      lazy: screen(
        () => import('../ideas/IdeaCreationPage.tsx'),
        (m) => m.IdeaCreationPage,
      ),
    },
  ],
};

const canEditIdeas: RouteObject = {
  element: <RouteGuard access={{ kind: 'signedIn', permission: 'update_idea' }} />,
  children: [
    {
      path: 'my-ideas/edit/:id',
      lazy: screen(
        () => import('../ideas/IdeaEditPage.tsx'),
        (m) => m.IdeaEditPage,
      ),
    },
  ],
};

const canInvite: RouteObject = {
  element: <RouteGuard access={{ kind: 'signedIn', permission: 'invite_user' }} />,
  children: [
    {
      path: 'invite-others',
      lazy: screen(
        () => import('../invitations/InviteOthersPage.tsx'),
        (m) => m.InviteOthersPage,
      ),
    },
  ],
};

const administrators: RouteObject = {
  element: <RouteGuard access={{ kind: 'signedIn', permission: 'admin' }} />,
  children: [
    {
      path: 'admin/*',
      lazy: screen(
        () => import('../admin/AdminPage.tsx'),
        (m) => m.AdminPage,
      ),
    },
  ],
};

/** The route table of SPEC §2 and CONTRACT §6. */
const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootRoute />,
    errorElement: <RouteError standalone />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        path: 'terms-conditions',
        lazy: screen(
          () => import('../terms/StandaloneTermsPage.tsx'),
          (m) => m.StandaloneTermsPage,
        ),
      },
      {
        element: <AppLayout />,
        children: [
          {
            // Errors below keep the header and footer around the message.
            errorElement: <RouteError />,
            children: [
              signedOutOnly,
              signedIn,
              canCreateIdeas,
              canEditIdeas,
              canInvite,
              administrators,
              {
                path: 'accept-invitation',
                lazy: screen(
                  () => import('../invitations/AcceptInvitationPage.tsx'),
                  (m) => m.AcceptInvitationPage,
                ),
              },
              {
                // A mailed link, for whoever holds it, signed in or not (CONTRACT §9).
                path: 'unsubscribe',
                lazy: screen(
                  () => import('../notifications/UnsubscribePage.tsx'),
                  (m) => m.UnsubscribePage,
                ),
              },
              {
                path: '*',
                lazy: screen(
                  () => import('../errors/NotFoundPage.tsx'),
                  (m) => m.NotFoundPage,
                ),
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createRouter(queryClient: QueryClient) {
  screensQueryClient = queryClient;
  return createBrowserRouter(routes);
}
