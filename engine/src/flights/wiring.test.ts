import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuffelSandbox, TEST_SANDBOX_CREDENTIALS } from '@contrail/sandboxes';
import { duffelSandboxRouter } from '@contrail/sandboxes/duffel/router';
import { ManualClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { mountSandboxes, remoteSandboxes } from '../runtime/sandboxes.js';
import { SelfUrl } from '../calls/self-url.js';
import { flightsFor } from './wiring.js';

const clock = new ManualClock('2026-11-22T12:00:00Z');
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
    const flights = flightsFor(config, undefined);
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
    const sandbox = remoteSandboxes('http://sandboxes:4010/', 'a-sandbox-secret-of-at-least-32-characters');
    const flights = flightsFor(loadConfig({ NODE_ENV: 'test' }), sandbox);
    expect(flights.flightsSpec).toMatchObject({
      kind: 'duffel',
      token: sandbox.credentials.duffelToken,
      basePath: 'http://sandboxes:4010/sandbox/duffel/',
    });
  });

  it('reaches the sandbox mounted on this engine in-process, through the official client, when no token is set', async () => {
    const noSql = { query: () => Promise.reject(new Error('a search reads no table')) };
    const sandbox = mountSandboxes({ clock, sql: noSql, isLive: () => Promise.resolve(false) });
    const flights = flightsFor(loadConfig({ NODE_ENV: 'test' }), sandbox.access);
    expect(flights.flightsSpec).toMatchObject({ kind: 'mounted sandbox', token: TEST_SANDBOX_CREDENTIALS.duffelToken });
    expect((await flights.flights.search(search)).length).toBeGreaterThan(0);
  });

  it('refuses every call to the mounted sandbox once the system is live', async () => {
    const noSql = { query: () => Promise.reject(new Error('a refused search reads no table')) };
    const sandbox = mountSandboxes({ clock, sql: noSql, isLive: () => Promise.resolve(true) });
    const flights = flightsFor(loadConfig({ NODE_ENV: 'test' }), sandbox.access);
    await expect(flights.flights.search(search)).rejects.toMatchObject({ status: 403 });
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
