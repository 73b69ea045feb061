import { type LoaderFunctionArgs, redirect } from 'react-router';
import { initSession } from '@/api/current-user';
import { paths } from '@/config/paths';
import { hasInAppHistory } from '@/lib/navigation';
import { carriedSearch } from '@/lib/query-carry';
import { dialogs } from '@/stores/dialogs';
import { isLoggedInUser, useSession } from '@/stores/session';

/** Root loader: nothing renders before the first GET /api/user settles (spec §2). */
export async function rootLoader(): Promise<null> {
  await initSession();
  return null;
}

/**
 * Login-required routes (spec §2): when logged out, go home and open the login dialog that
 * remembers this destination; after login the visitor lands here (spec §4).
 */
export async function requireLogin({ request }: LoaderFunctionArgs): Promise<null> {
  await initSession();
  if (isLoggedInUser(useSession.getState().user)) return null;
  const url = new URL(request.url);
  dialogs.openLogin({ kind: 'navigate', to: `${url.pathname}${url.search}` });
  throw redirect(`${paths.home}${carriedSearch(url.search)}`);
}

/** /customize: entered directly with no previous in-app route, it goes home (spec §2). */
export async function requireInAppEntry(args: LoaderFunctionArgs): Promise<null> {
  if (!hasInAppHistory()) {
    const url = new URL(args.request.url);
    throw redirect(`${paths.home}${carriedSearch(url.search)}`);
  }
  return requireLogin(args);
}

/** Index redirects (/user → account-setting, /record → ordinary) keep the query. */
export function redirectKeepingQuery(to: string) {
  return ({ request }: LoaderFunctionArgs) => redirect(`${to}${new URL(request.url).search}`);
}
