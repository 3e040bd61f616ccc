import type { Duffel } from '@duffel/api';
import type { DuffelResponse } from '@duffel/api/types';
import type { CreateOfferRequest, OfferRequest } from './duffel-types.js';

/** How the provider asks Duffel for a search's offers: listed afterwards, page by page. */
export type CreateOfferRequestInput = CreateOfferRequest & { return_offers: false; supplier_timeout: number };

/**
 * The Duffel calls the flight provider makes, in the official client's own shape: the client
 * itself (`new Duffel(...)`), over HTTP (Duffel, a proxy or the sandboxes process) or, for the
 * sandbox mounted in this engine, over an in-process fetch (duffel-fetch-transport.ts). It answers
 * `{ data, meta? }` and fails with a `DuffelError`.
 */
export interface DuffelClient {
  offerRequests: {
    create(options: CreateOfferRequestInput): Promise<DuffelResponse<Omit<OfferRequest, 'offers'>>>;
  };
  offers: Pick<Duffel['offers'], 'list' | 'get'>;
  seatMaps: Pick<Duffel['seatMaps'], 'get'>;
  orders: Pick<Duffel['orders'], 'create' | 'get' | 'list' | 'getAvailableServices' | 'addServices'>;
  orderChangeRequests: Pick<Duffel['orderChangeRequests'], 'create'>;
  orderChangeOffers: Pick<Duffel['orderChangeOffers'], 'get'>;
  orderChanges: Pick<Duffel['orderChanges'], 'create' | 'get' | 'confirm'>;
  orderCancellations: Pick<Duffel['orderCancellations'], 'create' | 'confirm'>;
  airlineInitiatedChanges: Pick<Duffel['airlineInitiatedChanges'], 'list' | 'accept'>;
  /** Paying hold orders (issue 36). */
  payments: Pick<Duffel['payments'], 'create'>;
}
