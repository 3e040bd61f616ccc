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
  return [...readme.matchAll(/^\| `([A-Z_]+)` *\|/gm)].map((match) => match[1]!);
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
    expect(Object.keys(services)).toEqual(
      expect.arrayContaining(['kurrentdb', 'postgres', 'redis', 'engine', 'workers']),
    );
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
      expect(environment).toMatchObject({
        EVENTSTORE_URL: expect.stringMatching(/^esdb:\/\/kurrentdb:2113\?tls=false/),
      });
    }
    expect(compose.services.engine?.environment).toHaveProperty('PORT');
  });

  it('runs the sandboxes as their own private service, reached by engines and workers, never behind nginx', () => {
    const { services } = compose;
    const sandboxes = services.sandboxes!;
    expect(sandboxes.command).toEqual(['node', 'engine/dist/sandbox/main.js']);
    expect(sandboxes.ports).toBeUndefined();
    expect(sandboxes.environment).toMatchObject({ NODE_ENV: 'production', SANDBOXES_ENABLED: 'true' });
    for (const name of ['engine', 'workers']) {
      expect(services[name]?.environment).toMatchObject({
        SANDBOX_URL: 'http://sandboxes:5100',
        SANDBOXES_ENABLED: 'false',
      });
    }
    const nginx = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
    expect([...nginx.matchAll(/proxy_pass\s+([^;]+);/g)].map((match) => match[1])).toEqual(['http://contrail_engine']);
    expect([...nginx.matchAll(/^\s*server\s+([^;{]+);/gm)].map((match) => match[1])).toEqual(['engine:5000']);
    // KurrentDB's insecure admin UI is not published beyond this machine.
    expect(services.kurrentdb?.ports).toEqual(['127.0.0.1:2113:2113']);
  });
});
