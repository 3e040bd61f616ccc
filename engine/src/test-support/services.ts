/**
 * Which external services the tests may use. Without a URL a test that needs the service is
 * skipped with a printed reason, except under CI=true, where the missing service fails the run.
 */
// KurrentDB is not among them: it comes from Docker or EVENTSTORE_URL (kurrentdb.ts).
type ServiceVariable = 'DATABASE_URL' | 'REDIS_URL';

const announced = new Set<ServiceVariable>();

export function serviceUrl(variable: ServiceVariable): string | undefined {
  const url = process.env[variable];
  if (url) return url;
  if (process.env.CI === 'true') {
    throw new Error(`${variable} is not set, but CI=true: the tests that need this service must run in CI`);
  }
  if (!announced.has(variable)) {
    announced.add(variable);
    console.info(`[contrail tests] ${variable} is not set: the tests that need it are skipped`);
  }
  return undefined;
}
