/**
 * A request's claim refreshed while it runs (checkout/request-ledger.ts, once a second): their
 * number follows how long a request takes on the machine, not what a booking does.
 */
export const CLAIM_HEARTBEAT =
  /^UPDATE \w+ SET state = 'running', updated_at = now\(\) WHERE .* AND state = 'running'$/;
