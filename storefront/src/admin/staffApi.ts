import {
  invitationViewSchema,
  staffHistorySchema,
  staffListSchema,
  staffMemberSchema,
  type AcceptInvitation,
  type ChangeStaffRole,
  type InvitationView,
  type InviteStaff,
  type StaffChange,
  type StaffHistory,
  type StaffList,
  type StaffMember,
} from '@contrail/shared/staff/contracts';
import { z } from 'zod';
import { api } from '../app/api';

const accepted = z.object({ success: z.boolean(), username: z.string(), brandKey: z.string() });
const member = (id: string) => `api/admin/staff/${encodeURIComponent(id)}`;

/** The staff API of issue 31: the Staff page and the invitation link's page. */
export const staffApi = api.injectEndpoints({
  endpoints: (build) => ({
    staff: build.query<StaffMember[], void>({
      query: () => 'api/admin/staff',
      rawResponseSchema: staffListSchema,
      transformResponse: (body: StaffList) => body.staff,
      providesTags: ['Staff'],
    }),
    staffHistory: build.query<StaffChange[], void>({
      query: () => 'api/admin/staff/history',
      rawResponseSchema: staffHistorySchema,
      transformResponse: (body: StaffHistory) => [...body.changes].reverse(),
      providesTags: ['Staff'],
    }),
    inviteStaff: build.mutation<StaffMember, InviteStaff>({
      query: (body) => ({ url: 'api/admin/staff/invitations', method: 'POST', body }),
      rawResponseSchema: staffMemberSchema,
      invalidatesTags: ['Staff'],
    }),
    changeStaffRole: build.mutation<StaffMember, ChangeStaffRole & { id: string }>({
      query: ({ id, ...body }) => ({ url: `${member(id)}/role`, method: 'POST', body }),
      rawResponseSchema: staffMemberSchema,
      invalidatesTags: ['Staff'],
    }),
    revokeStaff: build.mutation<StaffMember, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `${member(id)}/revoke`, method: 'POST', body: { reason } }),
      rawResponseSchema: staffMemberSchema,
      invalidatesTags: ['Staff'],
    }),
    invitation: build.query<InvitationView, string>({
      query: (token) => `api/staff/invitations/${encodeURIComponent(token)}`,
      rawResponseSchema: invitationViewSchema,
    }),
    acceptInvitation: build.mutation<z.infer<typeof accepted>, AcceptInvitation>({
      query: (body) => ({ url: 'api/staff/invitations/accept', method: 'POST', body }),
      rawResponseSchema: accepted,
    }),
  }),
});

export const {
  useStaffQuery,
  useStaffHistoryQuery,
  useInviteStaffMutation,
  useChangeStaffRoleMutation,
  useRevokeStaffMutation,
  useInvitationQuery,
  useAcceptInvitationMutation,
} = staffApi;
