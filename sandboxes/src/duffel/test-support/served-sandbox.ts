import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { duffelSandboxRouter } from '../router.js';
import type { DuffelSandbox } from '../sandbox.js';

export interface ServedSandbox {
  /** Where the official Duffel client reaches the sandbox (its `basePath`). */
  basePath: string;
  close(): Promise<void>;
}

/** The sandbox behind its Express router on a free loopback port, as the engine mounts it. */
export async function servedSandbox(sandbox: DuffelSandbox): Promise<ServedSandbox> {
  const app = express();
  app.use('/duffel', duffelSandboxRouter(sandbox));
  const server = await new Promise<Server>((resolve) => {
    const started = app.listen(0, '127.0.0.1', () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  return {
    basePath: `http://127.0.0.1:${port}/duffel/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
