import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ENVIRONMENT_VARIABLES } from './config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, unknown>;
  deploy?: { replicas?: number };
  ports?: string[];
}
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};

/** The variables of the README's configuration table: its rows start with a `NAME` cell. */
function readmeVariables(): string[] {
  return [...readme.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((match) => match[1]!);
}

describe('the README and the scaled stack', () => {
  it('opens with the two commands', () => {
    const top = readme.slice(0, 1200);
    expect(top).toContain('npm install && npm start');
    expect(top).toContain('npm install && npm test');
  });

  it('documents every variable the engine reads, and only those', () => {
    expect(readmeVariables().sort()).toEqual([...ENVIRONMENT_VARIABLES].sort());
  });

  it('runs KurrentDB, PostgreSQL, Redis, two engines behind one port and two workers', () => {
    const { services } = compose;
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['kurrentdb', 'postgres', 'redis', 'engine', 'workers']));
    expect(services.kurrentdb?.environment).toMatchObject({ EVENTSTORE_INSECURE: 'true', EVENTSTORE_CLUSTER_SIZE: 1 });
    expect(services.redis?.command?.join(' ')).toMatch(/--appendonly yes/);
    expect(services.redis?.command?.join(' ')).toMatch(/--maxmemory-policy noeviction/);
    expect(services.engine?.deploy?.replicas).toBe(2);
    expect(services.workers?.deploy?.replicas).toBe(2);
    const published = Object.values(services).flatMap((service) => service.ports ?? []);
    expect(published.filter((port) => port.endsWith(':80') || port.startsWith('5000'))).toEqual(['5000:80']);
  });

  it('gives the engines and workers every variable the README names', () => {
    for (const name of ['engine', 'workers']) {
      const environment = compose.services[name]?.environment ?? {};
      expect(Object.keys(environment)).toEqual(expect.arrayContaining(readmeVariables().filter((v) => v !== 'PORT')));
      expect(environment).toMatchObject({ EVENTSTORE_URL: expect.stringMatching(/^esdb:\/\/kurrentdb:2113\?tls=false/) });
    }
    expect(compose.services.engine?.environment).toHaveProperty('PORT');
  });
});
