import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { AppDeps } from '../app.js';

export interface Listening {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * Serves an app on a free loopback port and tells its deps where it is, so that calls the engine
 * makes to itself (the flight provider to the mounted Duffel sandbox) reach it.
 */
export async function listen(app: Express, deps: Pick<AppDeps, 'selfUrl'>): Promise<Listening> {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  deps.selfUrl?.listening('127.0.0.1', port);
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
