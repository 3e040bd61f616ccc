import type { TestProject } from 'vitest/node';
import type { KurrentDbAvailability } from './kurrentdb.js';
import { pgliteSnapshotFile } from './sql-templates.js';

/**
 * Vitest global setup, once per run in the main process: builds the migrated PGlite template
 * before the workers need it, and finds out whether KurrentDB can run (kurrentdb.ts).
 */
export default async function setup(project: TestProject): Promise<void> {
  const [availability] = await Promise.all([probeKurrentDb(), pgliteSnapshotFile()]);
  project.provide('kurrentdb', availability);
}

async function probeKurrentDb(): Promise<KurrentDbAvailability> {
  if (process.env.EVENTSTORE_URL) return { url: process.env.EVENTSTORE_URL };
  const { getContainerRuntimeClient } = await import('testcontainers');
  try {
    await getContainerRuntimeClient();
    return { docker: true };
  } catch {
    return { unavailable: 'no Docker engine is reachable and EVENTSTORE_URL is not set' };
  }
}
