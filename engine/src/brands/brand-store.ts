import { brandDiff, type AdminBrand, type BrandChange } from '@contrail/shared/admin/brands';
import type { Brand } from '@contrail/shared';
import { DEFAULT_BRAND_HOURS } from '@contrail/shared/brand/brand-hours';
import { DEFAULT_PRICING, pricingOfMarkup, type BrandPricing } from '@contrail/shared/pricing/pricing';
import type { SqlClient, SqlExecutor } from '../storage/sql.js';
import { announceBrandChange, brandChanged } from './brand-cache.js';
import type { PricingChanged } from './pricing/decide-pricing.js';

/** Who made a change, for the audit trail. */
export interface Actor {
  id: string;
  username: string;
}

export class DuplicateBrandError extends Error {
  constructor(readonly field: 'key' | 'domain') {
    super(field === 'key' ? 'A brand with this key already exists' : 'Another brand already uses this domain');
    this.name = 'DuplicateBrandError';
  }
}

/** Someone else changed the brand between our read and our write. */
export class BrandVersionConflictError extends Error {
  constructor() {
    super('The brand was changed by someone else at the same time; reload it and try again');
    this.name = 'BrandVersionConflictError';
  }
}

/** A brand stored before pricing rules has its one multiplier instead; one stored before hours has none. */
type StoredConfig = Omit<Brand, 'key' | 'pricing' | 'hours'> & {
  pricing?: BrandPricing;
  priceMarkup?: number;
  hours?: Partial<Brand['hours']>;
};

interface BrandRow {
  key: string;
  config: StoredConfig;
  disabled_at: Date | string | null;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
}

interface ChangeRow {
  brand_key: string;
  version: number;
  action: BrandChange['action'];
  changes: BrandChange['changes'];
  actor_username: string;
  at: Date | string;
  reason: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function pricingOf({ pricing, priceMarkup }: StoredConfig): BrandPricing {
  return pricing ?? (priceMarkup === undefined ? DEFAULT_PRICING : pricingOfMarkup(priceMarkup));
}

function toAdminBrand(row: BrandRow): AdminBrand {
  const { priceMarkup: _legacy, ...config } = row.config;
  return {
    ...config,
    hours: { ...DEFAULT_BRAND_HOURS, ...config.hours },
    pricing: pricingOf(row.config),
    key: row.key,
    disabled: row.disabled_at !== null,
    version: row.version,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function brandOf(admin: AdminBrand): Brand {
  const { disabled: _disabled, version: _version, createdAt: _createdAt, updatedAt: _updatedAt, ...brand } = admin;
  return brand;
}

function configOf(brand: Brand): string {
  const { key: _key, ...config } = brand;
  return JSON.stringify(config);
}

const UNIQUE_VIOLATION = '23505';

function duplicateField(error: unknown): 'key' | 'domain' | undefined {
  const { code, constraint, message } = error as { code?: string; constraint?: string; message?: string };
  if (code !== UNIQUE_VIOLATION) return undefined;
  return `${constraint ?? ''} ${message ?? ''}`.includes('domain') ? 'domain' : 'key';
}

async function record(
  sql: SqlClient,
  tx: SqlExecutor,
  key: string,
  version: number,
  action: BrandChange['action'],
  changes: BrandChange['changes'],
  actor: Actor,
  now: Date,
  reason: string | null = null,
): Promise<void> {
  await tx.query(
    `INSERT INTO brand_changes (brand_key, version, action, changes, actor_id, actor_username, at, reason)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8)`,
    [key, version, action, JSON.stringify(changes), actor.id, actor.username, now, reason],
  );
  await announceBrandChange(sql, tx);
}

/**
 * The brands table and its audit trail. Every change bumps the brand's version and writes one
 * brand_changes row (who, when, each field before and after) in the same transaction, so a
 * change is never without its record and two racing writers cannot both win.
 */
export class BrandStore {
  constructor(private readonly sql: SqlClient) {}

  /** A change in one transaction; this process's cached brands are forgotten once it has ended. */
  async #changing<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    try {
      return await this.sql.transaction(work);
    } finally {
      brandChanged(this.sql);
    }
  }

  async list(): Promise<AdminBrand[]> {
    const { rows } = await this.sql.query<BrandRow>('SELECT * FROM brands ORDER BY key');
    return rows.map(toAdminBrand);
  }

  async get(key: string): Promise<AdminBrand | undefined> {
    const { rows } = await this.sql.query<BrandRow>('SELECT * FROM brands WHERE key = $1', [key]);
    return rows[0] && toAdminBrand(rows[0]);
  }

  /**
   * The brand the storefront may use, by its key or else by its domain (a brand whose key is not
   * its host name, with or without "www."); a disabled brand is not found.
   */
  async findActive(keyOrDomain: string): Promise<Brand | undefined> {
    const { rows } = await this.sql.query<BrandRow>(
      `SELECT * FROM brands
       WHERE disabled_at IS NULL AND (key = $1 OR (domain <> '' AND lower(domain) IN ($1, 'www.' || $1)))
       ORDER BY key = $1 DESC
       LIMIT 1`,
      [keyOrDomain],
    );
    return rows[0] && brandOf(toAdminBrand(rows[0]));
  }

  /** Whether this key or domain names a brand that exists but is disabled (its site is not available). */
  async isDisabled(keyOrDomain: string): Promise<boolean> {
    const { rows } = await this.sql.query(
      `SELECT 1 FROM brands
       WHERE disabled_at IS NOT NULL AND (key = $1 OR (domain <> '' AND lower(domain) IN ($1, 'www.' || $1)))
       LIMIT 1`,
      [keyOrDomain],
    );
    return rows.length > 0;
  }

  async create(brand: Brand, actor: Actor, now: Date): Promise<AdminBrand> {
    try {
      return await this.#changing(async (tx) => {
        const { rows } = await tx.query<BrandRow>(
          `INSERT INTO brands (key, domain, config, version, created_at, updated_at)
           VALUES ($1, $2, $3::jsonb, 1, $4, $4) RETURNING *`,
          [brand.key, brand.domain, configOf(brand), now],
        );
        await record(this.sql, tx, brand.key, 1, 'created', brandDiff(undefined, brand), actor, now);
        return toAdminBrand(rows[0]!);
      });
    } catch (error) {
      const field = duplicateField(error);
      if (field) throw new DuplicateBrandError(field);
      throw error;
    }
  }

  /** Replaces the brand's configuration, if it is still at `expectedVersion`; no change, no record. */
  async update(current: AdminBrand, next: Brand, actor: Actor, now: Date): Promise<AdminBrand> {
    const changes = brandDiff(brandOf(current), next);
    if (Object.keys(changes).length === 0) return current;
    try {
      return await this.#changing(async (tx) => {
        const { rows } = await tx.query<BrandRow>(
          `UPDATE brands SET domain = $2, config = $3::jsonb, version = version + 1, updated_at = $4
           WHERE key = $1 AND version = $5 RETURNING *`,
          [current.key, next.domain, configOf(next), now, current.version],
        );
        if (rows.length === 0) throw new BrandVersionConflictError();
        await record(this.sql, tx, current.key, rows[0]!.version, 'updated', changes, actor, now);
        return toAdminBrand(rows[0]!);
      });
    } catch (error) {
      const field = duplicateField(error);
      if (field) throw new DuplicateBrandError(field);
      throw error;
    }
  }

  /** Records a decided pricing change (decideSetPricing) with its reason, if the brand is still at its version. */
  async setPricing(current: AdminBrand, change: PricingChanged, actor: Actor, now: Date): Promise<AdminBrand> {
    const next = configOf({ ...brandOf(current), pricing: change.to });
    return this.#changing(async (tx) => {
      const { rows } = await tx.query<BrandRow>(
        `UPDATE brands SET config = $2::jsonb, version = version + 1, updated_at = $3
         WHERE key = $1 AND version = $4 RETURNING *`,
        [current.key, next, now, current.version],
      );
      if (rows.length === 0) throw new BrandVersionConflictError();
      const changes = { pricing: { from: change.from, to: change.to } };
      await record(this.sql, tx, current.key, rows[0]!.version, 'pricing', changes, actor, now, change.reason);
      return toAdminBrand(rows[0]!);
    });
  }

  /** Disables or re-enables a brand; already in that state, nothing is recorded. */
  async setDisabled(current: AdminBrand, disabled: boolean, actor: Actor, now: Date): Promise<AdminBrand> {
    if (current.disabled === disabled) return current;
    return this.#changing(async (tx) => {
      const { rows } = await tx.query<BrandRow>(
        `UPDATE brands SET disabled_at = $2, version = version + 1, updated_at = $3
         WHERE key = $1 AND version = $4 RETURNING *`,
        [current.key, disabled ? now : null, now, current.version],
      );
      if (rows.length === 0) throw new BrandVersionConflictError();
      const changes = { disabled: { from: !disabled, to: disabled } };
      await record(this.sql, tx, current.key, rows[0]!.version, disabled ? 'disabled' : 'enabled', changes, actor, now);
      return toAdminBrand(rows[0]!);
    });
  }

  /** The brand's audit trail, oldest first. */
  async history(key: string): Promise<BrandChange[]> {
    const { rows } = await this.sql.query<ChangeRow>(
      'SELECT * FROM brand_changes WHERE brand_key = $1 ORDER BY version',
      [key],
    );
    return rows.map((row) => ({
      brandKey: row.brand_key,
      version: row.version,
      action: row.action,
      changes: row.changes,
      by: row.actor_username,
      at: iso(row.at),
      reason: row.reason,
    }));
  }
}
