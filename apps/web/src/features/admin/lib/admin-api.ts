import {
  ADMIN_ROUTES,
  type AnyEndpoint,
  type EndpointData,
  type EndpointRoute,
  CLIENT_ERROR,
  LOGOUT_CODES,
} from '@gemstock/contract';
import {
  ApiError,
  type CallArgs,
  NETWORK_ERROR_CODE,
  apiRequest,
  callApi,
  endpointRequest,
  parseApiResponse,
  type RequestOptions,
} from '@/lib/api-client';
import { navigateTo } from '@/lib/navigation';
import { notify } from '@/lib/notify';
import { queryClient } from '@/lib/query-client';
import { ADMIN_SCOPE, adminPaths } from './admin-paths';
import { useAdminSession } from './admin-session';

/**
 * The console's HTTP client: the buyer api-client (same envelope handling) with the operator's
 * token and the console's own error policy instead of the buyer's (spec §8 is about buyers):
 *
 * - 1000 / 2002 / 2003: the operator session is over: forget it and go to the console login;
 * - anything else: an error toast with the server's message (pass `quiet` to only throw).
 */

type AdminRequestOptions = Omit<RequestOptions, 'token'>;

export function adminSignOut(): void {
  useAdminSession.getState().clear();
  queryClient.removeQueries({ queryKey: [ADMIN_SCOPE] });
}

/** 退出: the server revokes the operator's token, then the console forgets it (whatever the answer). */
export async function adminLogout(): Promise<void> {
  const token = useAdminSession.getState().token;
  try {
    if (token) await callApi(ADMIN_ROUTES.logout, {}, { quiet: true, token });
  } catch {
    // Forgotten locally below; the token also ends at its expiry.
  } finally {
    adminSignOut();
  }
}

function applyAdminErrorPolicy(error: ApiError): void {
  if (error.code === CLIENT_ERROR.AUTH_REQUIRED || LOGOUT_CODES.has(error.code)) {
    const wasSignedIn = useAdminSession.getState().token !== null;
    adminSignOut();
    if (wasSignedIn) notify.warning('登录已失效，请重新登录');
    const here = `${window.location.pathname}${window.location.search}`;
    navigateTo(`${adminPaths.login}?redirect=${encodeURIComponent(here)}`);
    return;
  }
  notify.error(error.message);
}

async function adminRequest<T>(method: string, path: string, options: AdminRequestOptions = {}): Promise<T> {
  try {
    return await apiRequest<T>(method, path, { ...options, quiet: true, token: useAdminSession.getState().token });
  } catch (error) {
    if (error instanceof ApiError && !options.quiet) applyAdminErrorPolicy(error);
    throw error;
  }
}

/**
 * Calls a contract endpoint with the operator's token and the console's error policy: the
 * console's `callApi` (lib/api-client.ts). The `token` option is ignored: it is always the
 * operator's.
 */
export function callAdminApi<E extends AnyEndpoint>(
  endpoint: E | EndpointRoute<E>,
  ...[input, options]: CallArgs<E>
): Promise<EndpointData<E>> {
  const request = endpointRequest(endpoint, input, options);
  return adminRequest<EndpointData<E>>(request.method, request.path, request.options);
}

export interface UploadProgress {
  loaded: number;
  total: number;
  percent: number;
}

/**
 * Sends a file through XMLHttpRequest, whose upload progress events fetch does not offer, and
 * unwraps the answer with the same envelope rules as every other call. A FormData is POSTed as
 * multipart; a Blob is sent as it is (PUT by default) with its own content type.
 */
export function adminUpload<T>(
  path: string,
  body: FormData | Blob,
  options: {
    onProgress?: (progress: UploadProgress) => void;
    signal?: AbortSignal;
    quiet?: boolean;
    method?: 'POST' | 'PUT';
  } = {},
): Promise<T> {
  const request = new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? (body instanceof FormData ? 'POST' : 'PUT'), path);
    xhr.setRequestHeader('Accept', 'application/json');
    if (!(body instanceof FormData)) xhr.setRequestHeader('Content-Type', body.type || 'application/octet-stream');
    const token = useAdminSession.getState().token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      options.onProgress?.({
        loaded: event.loaded,
        total: event.total,
        percent: Math.min(100, Math.round((event.loaded / event.total) * 100)),
      });
    };
    xhr.onload = () => {
      try {
        resolve(parseApiResponse<T>(xhr.status, xhr.status >= 200 && xhr.status < 300, xhr.responseText));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR_CODE, '网络连接失败，请检查网络后重试', 0));
    xhr.onabort = () => reject(new DOMException('上传已取消', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
  return request.catch((error: unknown) => {
    if (error instanceof ApiError && !options.quiet) applyAdminErrorPolicy(error);
    throw error;
  });
}
