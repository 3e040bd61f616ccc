import type { SavedTraveller, SavedTravellerForm } from '@contrail/shared/accounts/saved-travellers';
import { api } from '../../app/api';
import { answerContract, lazyContract } from '../../app/lazy-contract';

const contracts = () => import('@contrail/shared/accounts/saved-travellers');
const listContract = lazyContract(async () => (await contracts()).savedTravellerListSchema);
const travellerContract = lazyContract(async () => (await contracts()).savedTravellerSchema);

/**
 * The signed-in customer's saved travellers (issue 33 item 4), kept under the 'User' tag: a sign-in
 * or sign-out makes them stale with the rest of the account.
 */
export const travellersApi = api.injectEndpoints({
  endpoints: (build) => ({
    savedTravellers: build.query<SavedTraveller[], void>({
      query: () => 'api/account/travellers',
      ...answerContract(listContract),
      transformResponse: (answer: { travellers: SavedTraveller[] }) => answer.travellers,
      providesTags: ['User'],
    }),
    saveTraveller: build.mutation<SavedTraveller, { id?: string; input: SavedTravellerForm }>({
      query: ({ id, input }) => ({
        url: id ? `api/account/travellers/${encodeURIComponent(id)}` : 'api/account/travellers',
        method: id ? 'PUT' : 'POST',
        body: input,
      }),
      ...answerContract(travellerContract),
      invalidatesTags: ['User'],
    }),
    removeTraveller: build.mutation<void, string>({
      query: (id) => ({ url: `api/account/travellers/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useSavedTravellersQuery, useSaveTravellerMutation, useRemoveTravellerMutation } = travellersApi;
