import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { duffelSandboxRouter } from '@contrail/sandboxes/duffel/router';
import { mountedSandboxes, TEST_SANDBOX_CREDENTIALS } from '@contrail/sandboxes/access';
import { DuffelSandbox } from '@contrail/sandboxes/duffel/sandbox';
import type { SqlClient } from '../storage/sql.js';
import { SelfUrl } from '../calls/self-url.js';
import { flightsFor } from './wiring.js';

const clock = new ManualClock('2026-11-22T12:00:00Z');
const noSql = {} as SqlClient;
let server: Server;
let port: number;
let seenToken: string | undefined;

beforeAll(async () => {
  const app = express();
  app.use('/elsewhere/duffel', (req, _res, next) => {
    seenToken = req.get('authorization');
    next();
  });
  app.use('/elsewhere/duffel', duffelSandboxRouter(new DuffelSandbox(clock)));
  server = await new Promise<Server>((resolve) => {
    const started = app.listen(0, '127.0.0.1', () => resolve(started));
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const search = {
  origin: 'ORD',
  destination: 'DFW',
  departureDate: '2026-12-20',
  cabinClass: 'economy' as const,
  adultsCount: 1,
  childrenCount: 0,
  infantsCount: 0,
};

describe('flightsFor', () => {
  it('talks to Duffel at DUFFEL_API_URL with DUFFEL_ACCESS_TOKEN, and mounts no sandbox', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DUFFEL_ACCESS_TOKEN: 'duffel_test_from_env',
      DUFFEL_API_URL: `http://127.0.0.1:${port}/elsewhere/duffel`,
    });
    const flights = flightsFor(config, clock, undefined, noSql);
    expect(flights.duffelSandbox).toBeUndefined();
    expect((await flights.flights.search(search)).length).toBeGreaterThan(0);
    expect(seenToken).toBe('Bearer duffel_test_from_env');
    expect(flights.flightsSpec).toEqual({
      kind: 'duffel',
      token: 'duffel_test_from_env',
      basePath: `http://127.0.0.1:${port}/elsewhere/duffel/`,
      timeoutMs: config.duffelTimeoutMs,
    });
  });

  it("reaches the sandboxes process at SANDBOX_URL with the deployment's sandbox token", () => {
    const sandbox = { credentials: TEST_SANDBOX_CREDENTIALS, mounted: false, baseUrl: () => 'http://sandboxes:4010' };
    const flights = flightsFor(loadConfig({ NODE_ENV: 'test' }), clock, sandbox, noSql);
    expect(flights.duffelSandbox).toBeUndefined();
    expect(flights.flightsSpec).toMatchObject({
      kind: 'duffel',
      token: TEST_SANDBOX_CREDENTIALS.duffelToken,
      basePath: 'http://sandboxes:4010/sandbox/duffel/',
    });
  });

  it('uses the sandbox mounted on this engine when no token is set', () => {
    const sandbox = mountedSandboxes(new SelfUrl('0.0.0.0', 5000));
    const flights = flightsFor(loadConfig({ NODE_ENV: 'test' }), clock, sandbox, noSql);
    expect(flights.duffelSandbox).toBeInstanceOf(DuffelSandbox);
    expect(flights.flightsSpec).toMatchObject({ kind: 'mounted sandbox', token: sandbox.credentials.duffelToken });
  });
});

describe('SelfUrl', () => {
  it('reaches a wildcard listener on loopback and follows the port actually listened on', () => {
    const url = new SelfUrl('0.0.0.0', 0);
    expect(url.get()).toBe('http://127.0.0.1:0');
    url.listening('::', 41234);
    expect(url.get()).toBe('http://127.0.0.1:41234');
    expect(SelfUrl.for('::1', 80)).toBe('http://[::1]:80');
  });
});
