import type { SqlClient, SqlExecutor } from '../storage/sql.js';

/** A SqlClient that counts the statements sent through it (a transaction adds its BEGIN and COMMIT). */
export interface CountingSql extends SqlClient {
  readonly statements: number;
  /** The statements' texts since the last reset, in order (to see which ones a change saved). */
  readonly log: readonly string[];
  reset(): void;
}

export function countingSql(inner: SqlClient): CountingSql {
  let log: string[] = [];
  const counted = (executor: SqlExecutor): SqlExecutor => ({
    query(text, params) {
      log.push(text.replace(/\s+/g, ' ').trim());
      return executor.query(text, params);
    },
  });
  return {
    kind: inner.kind,
    get statements() {
      return log.length;
    },
    get log() {
      return log;
    },
    reset() {
      log = [];
    },
    query: (text, params) => counted(inner).query(text, params),
    transaction(work) {
      log.push('BEGIN');
      return inner.transaction((tx) => work(counted(tx))).finally(() => log.push('COMMIT'));
    },
    close: () => inner.close(),
  };
}
