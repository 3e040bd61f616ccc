import {
  bookingSearchAnswerSchema,
  type BookingSearchAnswer,
  type BookingSearchInput,
} from '@contrail/shared/support-desk/booking-search';
import {
  contactMessageSchema,
  inboxAnswerSchema,
  type ContactMessage,
  type ContactMessageStatus,
  type InboxAnswer,
} from '@contrail/shared/support-desk/inbox';
import { api } from '../app/api';

export interface InboxFilter {
  status?: ContactMessageStatus | undefined;
  assignee?: string | undefined;
  offset: number;
}

const messagePath = (id: string) => `api/admin/contact-messages/${encodeURIComponent(id)}`;

/** The support workspace: the booking search and the contact-messages inbox. */
export const workspaceApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Names, emails and phones matched whole by the engine's blind index; travellers as initials. */
    bookingSearch: build.query<BookingSearchAnswer, BookingSearchInput>({
      query: (params) => ({ url: 'api/admin/booking-search', params }),
      rawResponseSchema: bookingSearchAnswerSchema,
      providesTags: ['Bookings'],
    }),
    inbox: build.query<InboxAnswer, InboxFilter>({
      query: ({ status, assignee, offset }) => ({
        url: 'api/admin/contact-messages',
        params: { ...(status && { status }), ...(assignee && { assignee }), offset, limit: 20 },
      }),
      rawResponseSchema: inboxAnswerSchema,
      providesTags: ['Inbox'],
    }),
    contactMessage: build.query<ContactMessage, string>({
      query: (id) => messagePath(id),
      rawResponseSchema: contactMessageSchema,
      providesTags: ['Inbox'],
    }),
    setMessageStatus: build.mutation<ContactMessage, { id: string; status: ContactMessageStatus }>({
      query: ({ id, status }) => ({ url: `${messagePath(id)}/status`, method: 'POST', body: { status } }),
      rawResponseSchema: contactMessageSchema,
      invalidatesTags: ['Inbox'],
    }),
    assignMessage: build.mutation<ContactMessage, { id: string; assignee: string | null }>({
      query: ({ id, assignee }) => ({ url: `${messagePath(id)}/assignment`, method: 'POST', body: { assignee } }),
      rawResponseSchema: contactMessageSchema,
      invalidatesTags: ['Inbox'],
    }),
  }),
});

export const {
  useLazyBookingSearchQuery,
  useInboxQuery,
  useContactMessageQuery,
  useSetMessageStatusMutation,
  useAssignMessageMutation,
} = workspaceApi;
