import { type AnyEndpoint, mayCallWithRoles } from '@gemstock/contract';
import { useAdminMe } from '../api/get-admin-me';
import { useAdminSession } from './admin-session';

/** An endpoint or its route (`X_ROUTES`, no schema): only its declared roles are read. */
export type CanCall = (endpoint: { readonly roles?: AnyEndpoint['roles'] }) => boolean;

/**
 * Whether the signed-in operator's roles let it call an endpoint, read from the endpoint's own
 * declaration (the server checks the same): the console hides menus and buttons the role cannot
 * use. False until the operator is known.
 */
export function useOperatorCan(): { can: CanCall; loaded: boolean } {
  const token = useAdminSession((s) => s.token);
  const me = useAdminMe(token !== null);
  const roles = me.data?.operator.roles;
  return {
    can: (endpoint) => roles !== undefined && mayCallWithRoles(roles, endpoint.roles),
    loaded: roles !== undefined,
  };
}
