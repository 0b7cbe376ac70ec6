import type { AuthProvider } from 'ra-core';
import { ADMIN_PATHS } from '@app/contracts/paths';
import type { Staff } from '@app/contracts/staff';
import { ApiError, callAdminApi } from './api.ts';
import { allows } from './permissions.ts';

export type LoginForm = { login: string; password: string; code: string };

/**
 * ra-core's auth provider over the staff API: the cookie login (password and TOTP code), the caller from
 * `auth/me` (identity and permissions), logout. The staff member is asked once per page load; a 401 from
 * any call ends the session here too.
 */
export function createAuthProvider(): AuthProvider {
  let current: Promise<Staff> | undefined;
  const me = () => {
    current ??= callAdminApi<Staff>(ADMIN_PATHS.me).catch((error: unknown) => {
      current = undefined;
      throw error;
    });
    return current;
  };
  return {
    login: async (form: LoginForm) => {
      const session = await callAdminApi<{ staff: Staff }>(ADMIN_PATHS.cookieLogin, {
        method: 'POST',
        body: form,
      });
      current = Promise.resolve(session.staff);
    },
    logout: async () => {
      const hadSession = current !== undefined;
      current = undefined;
      if (hadSession) await callAdminApi(ADMIN_PATHS.logout, { method: 'POST' }).catch(() => undefined);
    },
    checkAuth: async () => {
      await me();
    },
    checkError: async (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) {
        current = undefined;
        throw error;
      }
    },
    getIdentity: async () => {
      const staff = await me();
      return { id: staff.id, fullName: staff.displayName || staff.login, login: staff.login };
    },
    getPermissions: async () => (await me()).permissions,
    canAccess: async ({ resource, action }) => allows((await me()).permissions, resource, action),
  };
}
