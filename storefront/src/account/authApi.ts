import type { ChangePasswordInput, CurrentUser, LoginInput, RegisterInput } from '@contrail/shared/accounts/schemas';
import { mayBeSignedIn } from '@contrail/shared/accounts/signed-in-hint';
import { api, baseQuery, type ApiError } from '../app/api';

function unwrapUser(body: unknown): CurrentUser | null {
  if (!body || typeof body !== 'object') return null;
  const user = 'user' in body ? (body as { user: unknown }).user : body;
  return user && typeof user === 'object' ? (user as CurrentUser) : null;
}

/** What the auth mutations answer (seed 001 §7: success and message). */
export interface AuthAnswer {
  success: boolean;
  message: string;
}

/**
 * The signed-in user (seed 001 §4: a 401 means nobody is signed in, so it answers null; without the
 * engine's signed-in hint cookie nobody is, and the engine is not asked) and
 * logout, plus sign-in, registration and password changes (seed 001 §7).
 */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    currentUser: build.query<CurrentUser | null, void>({
      async queryFn(_arg, queryApi, extra) {
        if (!mayBeSignedIn(document.cookie)) return { data: null };
        const result = await baseQuery('api/auth/user', queryApi, extra);
        if (result.error) {
          if (result.error.status === 401) return { data: null };
          return { error: result.error };
        }
        return { data: unwrapUser(result.data) };
      },
      providesTags: ['User'],
    }),
    login: build.mutation<AuthAnswer & { user: CurrentUser }, LoginInput>({
      query: (body) => ({ url: 'api/auth/login', method: 'POST', body }),
      // Whatever was cached belonged to the previous visitor.
      invalidatesTags: ['User', 'Bookings', 'Booking', 'AdminSettings'],
    }),
    register: build.mutation<AuthAnswer & { user: CurrentUser }, RegisterInput>({
      query: (body) => ({ url: 'api/auth/register', method: 'POST', body }),
    }),
    changePassword: build.mutation<AuthAnswer, ChangePasswordInput>({
      query: (body) => ({ url: 'api/auth/change-password', method: 'POST', body }),
    }),
    logout: build.mutation<unknown, void>({
      query: () => ({ url: 'api/auth/logout', method: 'POST' }),
      invalidatesTags: ['User', 'Bookings', 'Booking', 'AdminSettings'],
    }),
  }),
});

export const {
  useCurrentUserQuery,
  useLogoutMutation,
  useLoginMutation,
  useRegisterMutation,
  useChangePasswordMutation,
} = authApi;
export type { ApiError };
