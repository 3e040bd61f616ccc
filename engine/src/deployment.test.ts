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
  restart?: string;
  command?: string[];
  environment?: Record<string, unknown>;
  deploy?: { replicas?: number };
  ports?: string[];
  healthcheck?: { test?: string[]; disable?: boolean };
  depends_on?: Record<string, { condition?: string }>;
}
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const nginx = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');

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
    // One projector active, one standing by (leases): the engines and workers hold no lease.
    expect(services.projector?.deploy?.replicas).toBe(2);
    expect(['engine', 'workers', 'projector'].map((name) => services[name]?.environment?.ROLES)).toEqual([
      'engine',
      'worker',
      'projector',
    ]);
    const published = Object.values(services).flatMap((service) => service.ports ?? []);
    expect(published.filter((port) => port.endsWith(':80') || port.startsWith('5000'))).toEqual(['5000:80']);
  });

  it('gives the engines and workers every variable the README names', () => {
    for (const name of ['engine', 'workers', 'projector']) {
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
    expect(sandboxes.command).toEqual(['node', 'engine/dist/runtime/sandboxes-main.js']);
    expect(sandboxes.ports).toBeUndefined();
    expect(sandboxes.environment).toMatchObject({ NODE_ENV: 'production', SANDBOXES_ENABLED: 'true' });
    for (const name of ['engine', 'workers']) {
      expect(services[name]?.environment).toMatchObject({
        SANDBOX_URL: 'http://sandboxes:5100',
        SANDBOXES_ENABLED: 'false',
      });
    }
    expect([...nginx.matchAll(/proxy_pass\s+([^;]+);/g)].map((match) => match[1])).toEqual(['http://contrail_engine']);
    expect([...nginx.matchAll(/^\s*server\s+([^;{]+);/gm)].map((match) => match[1])).toEqual(['engine:5000']);
    // KurrentDB's insecure admin UI is not published beyond this machine.
    expect(services.kurrentdb?.ports).toEqual(['127.0.0.1:2113:2113']);
  });
});

/** Each image's own tools: a healthcheck can only run what its image has. */
const IMAGES = [
  { image: /^postgres:/, port: 5432, healthTool: 'pg_isready' },
  { image: /^redis:/, port: 6379, healthTool: 'redis-cli' },
  { image: /^eventstore\/eventstore:/, port: 2113, healthTool: 'curl' },
  { image: /^nginx:[\w.]+-alpine$/, port: 80, healthTool: 'wget' },
];

function imageOf(service: ComposeService) {
  const known = IMAGES.find(({ image }) => image.test(service.image ?? ''));
  if (!known) throw new Error(`no tools known for the image ${service.image}`);
  return known;
}

/** Where a service listens: ours (built from the Dockerfile) on PORT, the others on their image's port. */
function portOf(service: ComposeService): number {
  return service.build ? Number(service.environment?.PORT) : imageOf(service).port;
}

/** Every service another one reaches: `service:port` of the URLs in its environment, and nginx's upstreams. */
function reached(name: string, service: ComposeService): Array<{ host: string; port: number }> {
  const urls = Object.values(service.environment ?? {}).filter(
    (value): value is string => typeof value === 'string' && /^[a-z+]+:\/\//.test(value),
  );
  const fromUrls = urls.map((value) => new URL(value)).map((url) => ({ host: url.hostname, port: Number(url.port) }));
  if (name !== 'proxy') return fromUrls;
  const upstreams = [...nginx.matchAll(/^\s*server\s+([\w-]+):(\d+);/gm)];
  return upstreams.map((match) => ({ host: match[1]!, port: Number(match[2]) }));
}

describe('the containers (issue 30)', () => {
  const { services } = compose;

  it('build in stages, installing from the lockfile before the source comes in, and run as a non-root user', () => {
    const workspaces = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] })
      .workspaces;
    const install = dockerfile.indexOf('RUN npm ci');
    expect(dockerfile.indexOf('COPY package.json package-lock.json')).toBeLessThan(install);
    for (const workspace of workspaces) {
      expect(dockerfile.indexOf(`COPY ${workspace}/package.json ${workspace}/`)).toBeLessThan(install);
    }
    expect(install).toBeLessThan(dockerfile.indexOf('COPY . .'));
    const final = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(final).toMatch(/^COPY --from=build /m);
    expect(final).toMatch(/^USER (?!root\b)\w+$/m);
    expect(final).not.toContain('npm ci');
  });

  it('check the image with its own node on /readyz at PORT, and keep .data, node_modules and build output out of it', () => {
    expect(dockerfile).toMatch(
      /^HEALTHCHECK [^\n]*\\\n\s*CMD \["node", "-e", "fetch\(`http:\/\/127\.0\.0\.1:\$\{process\.env\.PORT/m,
    );
    expect(dockerfile).toContain('/readyz`)');
    const ignored = readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).toEqual(
      expect.arrayContaining(['**/node_modules', '**/dist', '**/*.tsbuildinfo', '**/.data', '.git']),
    );
  });

  it('give every service an image or the Dockerfile, and a restart policy', () => {
    for (const [name, service] of Object.entries(services)) {
      expect([name, service.image ?? service.build]).toEqual([name, expect.anything()]);
      if (service.build) expect(service.build).toBe('.');
      expect([name, service.restart]).toEqual([name, 'unless-stopped']);
    }
  });

  it("check every service's health with a tool its image has, but the workers', which have no port", () => {
    for (const [name, service] of Object.entries(services)) {
      if (name === 'workers' || name === 'projector') expect(service.healthcheck).toEqual({ disable: true });
      // Built from the Dockerfile: its HEALTHCHECK asks /readyz on the service's PORT.
      else if (service.build)
        expect([name, service.healthcheck, portOf(service)]).toEqual([name, undefined, expect.any(Number)]);
      else expect([name, service.healthcheck?.test?.slice(0, 2)]).toEqual([name, ['CMD', imageOf(service).healthTool]]);
    }
  });

  it('start each service once every service it reaches is healthy, reached by its name and port', () => {
    for (const [name, service] of Object.entries(services)) {
      const dependencies = service.depends_on ?? {};
      for (const { host, port } of reached(name, service)) {
        const target = services[host];
        expect([name, host, target && portOf(target)]).toEqual([name, host, port]);
        expect([name, host, dependencies[host]?.condition]).toEqual([name, host, 'service_healthy']);
      }
      for (const dependency of Object.keys(dependencies)) {
        expect([name, dependency, dependencies[dependency]?.condition]).toEqual([name, dependency, 'service_healthy']);
        expect([dependency, services[dependency]?.healthcheck?.disable]).toEqual([dependency, undefined]);
      }
    }
  });
});
