export { createApp, type AppDeps } from './app.js';
export { loadConfig, ConfigError, type Config } from './config.js';
export { systemClock, ManualClock, type Clock } from './clock.js';
export { createLogger, type Logger } from './logging/logger.js';
export { exitOnSignals } from './lifecycle/shutdown.js';
export { createRuntime, type Runtime } from './runtime/runtime.js';
export { processRoles, type Role } from './runtime/roles.js';
export { schedulePeriodicJobs } from './jobs/periodic.js';
export type { SqlClient, SqlExecutor } from './storage/sql.js';
