import { createHmac, hkdfSync } from 'node:crypto';
import { normalSearchKey, travellerNameKeys, type SearchKeyKind } from '@contrail/shared/support-desk/search-keys';
import type { PassengerPii } from '../../bookings/pii/sealed.js';

export interface SearchKey {
  kind: SearchKeyKind;
  digest: string;
}

/**
 * Keyed hashes (HMAC-SHA256) of a traveller's normal surname, full name, email and E.164 phone:
 * what the support search matches, without a readable copy of the data. The key is derived from
 * the PII master key, so the table alone cannot be checked against a list of likely names, and a
 * digest says nothing across deployments.
 */
export class BlindIndex {
  readonly #key: Buffer;

  constructor(piiMasterKey: Buffer) {
    this.#key = Buffer.from(hkdfSync('sha256', piiMasterKey, Buffer.alloc(0), 'contrail booking search keys v1', 32));
  }

  /** The digest of a value already in its normal form. */
  digest(kind: SearchKeyKind, normal: string): string {
    return createHmac('sha256', this.#key).update(`${kind}\u0000${normal}`).digest('base64url');
  }

  /** The digest a search for `text` looks for; undefined when `text` has no normal form. */
  queryDigest(kind: SearchKeyKind, text: string): string | undefined {
    const normal = normalSearchKey[kind](text);
    return normal === '' ? undefined : this.digest(kind, normal);
  }

  /** Every key a traveller is found by, once each. */
  travellerKeys(pii: PassengerPii): SearchKey[] {
    const keys: SearchKey[] = travellerNameKeys(pii.firstName, pii.lastName).map((normal) => ({
      kind: 'name',
      digest: this.digest('name', normal),
    }));
    for (const kind of ['email', 'phone'] as const) {
      const digest = pii[kind] ? this.queryDigest(kind, pii[kind]) : undefined;
      if (digest) keys.push({ kind, digest });
    }
    return keys;
  }
}
