import type {
  AuthAnswer,
  ChangePasswordInput,
  CurrentUser,
  LoginInput,
  RegisterInput,
  SignedInAnswer,
} from '@contrail/shared/accounts/schemas';
import type { LoginAnswer } from '@contrail/shared/accounts/two-factor';
import { mayBeSignedIn } from '@contrail/shared/accounts/signed-in-hint';
import { api, baseQuery, parsedAnswer, type ApiError } from '../app/api';
import { answerContract, lazyContract } from '../app/lazy-contract';

const contracts = () => import('@contrail/shared/accounts/schemas');
const currentUserContract = lazyContract(async () => (await contracts()).currentUserSchema);
const signedInContract = lazyContract(async () => (await contracts()).signedInAnswerSchema);
const loginAnswerContract = lazyContract(
  async () => (await import('@contrail/shared/accounts/two-factor')).loginAnswerSchema,
);
const authAnswerContract = lazyContract(async () => (await contracts()).authAnswerSchema);

/** The user, whether the body is the user itself (the engine's) or wraps it as `{ user }`. */
function unwrapUser(body: unknown): unknown {
  return body && typeof body === 'object' && 'user' in body ? body.user : body;
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
        currentUserContract.prefetch();
        const result = await baseQuery('api/auth/user', queryApi, extra);
        if (result.error) {
          if (result.error.status === 401) return { data: null };
          return { error: result.error };
        }
        return parsedAnswer(currentUserContract, unwrapUser(result.data));
      },
      providesTags: ['User'],
    }),
    /** Signed in, or (two-factor authentication) a second step to take first. */
    login: build.mutation<LoginAnswer, LoginInput>({
      query: (body) => ({ url: 'api/auth/login', method: 'POST', body }),
      ...answerContract(loginAnswerContract),
      // Whatever was cached belonged to the previous visitor.
      invalidatesTags: ['User', 'Bookings', 'Booking', 'AdminSettings'],
    }),
    register: build.mutation<SignedInAnswer, RegisterInput>({
      query: (body) => ({ url: 'api/auth/register', method: 'POST', body }),
      ...answerContract(signedInContract),
    }),
    changePassword: build.mutation<AuthAnswer, ChangePasswordInput>({
      query: (body) => ({ url: 'api/auth/change-password', method: 'POST', body }),
      ...answerContract(authAnswerContract),
    }),
    logout: build.mutation<AuthAnswer, void>({
      query: () => ({ url: 'api/auth/logout', method: 'POST' }),
      ...answerContract(authAnswerContract),
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
