import type { SignedInAnswer, AuthAnswer } from '@contrail/shared/accounts/schemas';
import type {
  ConfirmEnrolmentInput,
  DisableTwoFactorInput,
  EnrolledAtSignIn,
  Enrolment,
  RecoveryCodesAnswer,
  SecondStepInput,
  TwoFactorStatus,
} from '@contrail/shared/accounts/two-factor';
import { api } from '../../app/api';
import { answerContract, lazyContract } from '../../app/lazy-contract';

const contracts = () => import('@contrail/shared/accounts/two-factor');
const accountContracts = () => import('@contrail/shared/accounts/schemas');
const statusContract = lazyContract(async () => (await contracts()).twoFactorStatusSchema);
const enrolmentContract = lazyContract(async () => (await contracts()).enrolmentSchema);
const recoveryCodesContract = lazyContract(async () => (await contracts()).recoveryCodesAnswerSchema);
const enrolledAtSignInContract = lazyContract(async () => (await contracts()).enrolledAtSignInSchema);
const signedInContract = lazyContract(async () => (await accountContracts()).signedInAnswerSchema);
const authAnswerContract = lazyContract(async () => (await accountContracts()).authAnswerSchema);

/** What a finished sign-in makes stale: whatever was cached belonged to the previous visitor. */
const SIGNED_IN_TAGS = ['User', 'Bookings', 'Booking', 'AdminSettings'] as const;

/** The second step of sign-in, and the Security tab's two-factor calls. */
export const twoFactorApi = api.injectEndpoints({
  endpoints: (build) => ({
    twoFactorStatus: build.query<TwoFactorStatus, void>({
      query: () => 'api/auth/two-factor',
      ...answerContract(statusContract),
      providesTags: ['User'],
    }),
    /** A new secret and its QR code: while signed in, or at sign-in when the role requires it. */
    startEnrolment: build.mutation<Enrolment, { atSignIn: boolean }>({
      query: ({ atSignIn }) => ({
        url: atSignIn ? 'api/auth/login/two-factor/enrol' : 'api/auth/two-factor/enrol',
        method: 'POST',
        body: {},
      }),
      ...answerContract(enrolmentContract),
    }),
    confirmEnrolment: build.mutation<RecoveryCodesAnswer, ConfirmEnrolmentInput>({
      query: (body) => ({ url: 'api/auth/two-factor/confirm', method: 'POST', body }),
      ...answerContract(recoveryCodesContract),
      invalidatesTags: ['User'],
    }),
    confirmSignInEnrolment: build.mutation<EnrolledAtSignIn, ConfirmEnrolmentInput>({
      query: (body) => ({ url: 'api/auth/login/two-factor/confirm', method: 'POST', body }),
      ...answerContract(enrolledAtSignInContract),
      invalidatesTags: [...SIGNED_IN_TAGS],
    }),
    signInWithCode: build.mutation<SignedInAnswer, SecondStepInput>({
      query: (body) => ({ url: 'api/auth/login/two-factor', method: 'POST', body }),
      ...answerContract(signedInContract),
      invalidatesTags: [...SIGNED_IN_TAGS],
    }),
    disableTwoFactor: build.mutation<AuthAnswer, DisableTwoFactorInput>({
      query: (body) => ({ url: 'api/auth/two-factor/disable', method: 'POST', body }),
      ...answerContract(authAnswerContract),
      invalidatesTags: ['User'],
    }),
    regenerateRecoveryCodes: build.mutation<RecoveryCodesAnswer, SecondStepInput>({
      query: (body) => ({ url: 'api/auth/two-factor/recovery-codes', method: 'POST', body }),
      ...answerContract(recoveryCodesContract),
      invalidatesTags: ['User'],
    }),
  }),
});

export const {
  useTwoFactorStatusQuery,
  useStartEnrolmentMutation,
  useConfirmEnrolmentMutation,
  useConfirmSignInEnrolmentMutation,
  useSignInWithCodeMutation,
  useDisableTwoFactorMutation,
  useRegenerateRecoveryCodesMutation,
} = twoFactorApi;
