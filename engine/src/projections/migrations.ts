import type { Migration } from '../storage/migrations.js';

/** Where each projection has got to in the global order (see runner.ts). */
export const projectionMigrations: Migration[] = [
  {
    id: '003_projection_checkpoints',
    sql: `
CREATE TABLE projection_checkpoints (
  name text PRIMARY KEY,
  commit_position bigint NOT NULL,
  prepare_position bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
];
