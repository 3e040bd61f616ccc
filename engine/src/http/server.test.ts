import type { AddressInfo } from 'node:net';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { describe, expect, it } from 'vitest';
import { stalledBodyAnswer } from '../test-support/slow-request.js';
import { createHttpServer, KEEP_ALIVE_TIMEOUT_MS } from './server.js';

describe('createHttpServer (the engine and the sandboxes process)', () => {
  it('answers 408 and closes the connection of a request whose body stops arriving', async () => {
    // Answers once the whole body has come, as the body parsers do.
    const server = createHttpServer((req, res) => req.resume().on('end', () => res.end('ok')), {
      requestTimeoutMs: 1_000,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    try {
      const { port } = server.address() as AddressInfo;
      // Generous: the 1 s timeout plus the server's check interval, on a loaded machine.
      const answer = await stalledBodyAnswer(`http://127.0.0.1:${port}/api/bookings`, scaled(15_000));
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('keeps idle connections longer than clients and load balancers reuse them, and says so', async () => {
    const server = createHttpServer((_req, res) => res.end('ok'), { requestTimeoutMs: 30_000 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/`);
      await answer.text();
      // Clients reuse a connection for this long less a second (undici), nginx and cloud balancers 60 s.
      expect(answer.headers.get('keep-alive')).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
      expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
