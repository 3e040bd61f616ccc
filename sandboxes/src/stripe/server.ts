import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { stripeSandboxRouter, type StripeSandboxRouterOptions } from './router.js';

export interface RunningStripeSandbox {
  host: string;
  port: number;
  url: string;
  close(): Promise<void>;
}

/** Serves the Stripe sandbox on its own host and port (port 0: any free port). */
export async function startStripeSandbox(
  options: StripeSandboxRouterOptions & { host?: string; port?: number } = {},
): Promise<RunningStripeSandbox> {
  const host = options.host ?? '127.0.0.1';
  const app = express();
  app.disable('x-powered-by');
  app.use(stripeSandboxRouter(options));
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(options.port ?? 0, host, () => resolve(listening));
    listening.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    host,
    port,
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
