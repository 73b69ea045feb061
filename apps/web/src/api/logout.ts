import { USER_API } from '@gemstock/contract';
import { callApi, signOut } from '@/lib/api-client';
import { useSession } from '@/stores/session';

/**
 * 退出登录: the server revokes the token first (POST /api/user/logout), then the session is
 * forgotten here. The local sign-out happens whatever the server answers: a token the server
 * already refused, or a network failure, must not keep the user signed in on this page.
 */
export async function logout(): Promise<void> {
  const token = useSession.getState().token;
  try {
    if (token) await callApi(USER_API.logout, {}, { quiet: true, token });
  } catch {
    // Signed out locally below; the token also ends at its expiry.
  } finally {
    signOut();
  }
}
