/// <reference types="node" />
// `npm run bench -- lighthouse`: Lighthouse (mobile defaults) on the production build, started as
// `npm start` starts it (embedded storage, sandboxes) on an ephemeral port, driving the Debian
// Chromium. Home, results (JFK-LHR round trip), a real offer's details and booking, 3 runs each;
// the table holds the medians. Goals (lighthouse-goals.ts) are printed, not enforced: the figures depend
// on the machine.
// LIGHTHOUSE_PAGES=/,/search (or /flight,/booking) measures only those pages, LIGHTHOUSE_RUNS sets the runs per page and
// LIGHTHOUSE_REPORT_DIR keeps each run's report.
// Every page is measured twice: on the machine as it is, then with a CPU burner of the bench's own
// spinning on one core (LIGHTHOUSE_BURNED=0 skips that setting), each table with its load average.
// Scripts are counted as the browser fetched them during the load (requests, bytes on the wire and
// their gzip-equivalent), not as the build manifest lists them.
// In each setting the results page also gets a scripted interaction at Lighthouse's mobile size and
// CPU slowdown (4×; the network as it is), recorded in Lighthouse's timespan mode: open the filters,
// tick Non-stop, open an offer's details. INP and each interaction's duration come from its trace.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Launcher } from 'chrome-launcher';
import lighthouse, { startTimespan } from 'lighthouse';
import { screenEmulationMetrics, throttling, userAgents } from 'lighthouse/core/config/constants.js';
import puppeteer, { type Browser, type Page as BrowserPage } from 'puppeteer-core';
import { initialJsGzipBytes, servedGzipBytes } from '../build/initial-js.ts';
import { interactionDurations, interactionToNextPaint, type TraceEvent } from './interaction-to-next-paint.ts';
import { goalsLine, MACHINE_AS_IT_IS, missedGoals, ONE_CORE_BUSY } from './lighthouse-goals.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The interaction's steps, in order: one click each. */
const STEPS = ['open the filters', 'tick Non-stop', 'open an offer'] as const;
/** Bound on each wait of the scripted interaction: the machine can be very slow, a stuck page is not. */
const STEP_TIMEOUT_MS = 120_000;
const BURNED = process.env.LIGHTHOUSE_BURNED !== '0';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Where to keep each run's full report (JSON), to read which audits cost the points; none when unset. */
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
/** Only the pages whose path starts with one of these (comma-separated, e.g. `/,/search`); all when unset. */
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
let reportCount = 0;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** `npm start` on port 0 with its own data directory; resolves with the base URL it listens on. */
function startProduction(dataDir: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    SANDBOXES_ENABLED: 'true',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
  };
  // Embedded storage, as a plain `npm start`: no test database or Redis from the shell.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // No time limit for building on a slow machine: `npm start` says every 15 s that it still works,
  // and fails by itself when the database makes no progress. Only silence means stuck.
  return new Promise((resolve, reject) => {
    let buffered = '';
    let silence: NodeJS.Timeout | undefined;
    let listening = false;
    const fail = (error: Error) => {
      if (listening) return;
      clearTimeout(silence);
      child.kill('SIGTERM');
      reject(error);
    };
    const heard = () => {
      if (listening) return;
      clearTimeout(silence);
      silence = setTimeout(() => fail(new Error('npm start said nothing for 5 minutes')), 300_000);
    };
    heard();
    child.once('exit', (code) => fail(new Error(`npm start exited (${code}) before listening`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      heard();
      buffered += chunk.toString();
      for (const line of buffered.split('\n')) {
        const port = /"msg":"Contrail is listening"/.test(line) && /"port":(\d+)/.exec(line)?.[1];
        if (port && !listening) {
          listening = true;
          clearTimeout(silence);
          resolve({ child, baseUrl: `http://127.0.0.1:${port}` });
        }
      }
      buffered = buffered.slice(buffered.lastIndexOf('\n') + 1);
    });
  });
}

function isoDate(daysAhead: number): string {
  return new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
}

/** The four pages: a real JFK-LHR round-trip search gives the offer for details and booking. */
async function pagesOf(baseUrl: string): Promise<Array<{ page: string; module: string; url: string }>> {
  const search = new URLSearchParams({
    origin: 'JFK',
    destination: 'LHR',
    departureDate: isoDate(30),
    returnDate: isoDate(37),
    adults: '1',
    children: '0',
    infants: '0',
    cabinClass: 'economy',
    tripType: 'round-trip',
  });
  const response = await fetch(`${baseUrl}/api/flights/search?${search}`);
  if (!response.ok) throw new Error(`The search answered ${response.status}`);
  const { offers } = (await response.json()) as { offers: Array<{ id: string }> };
  const offer = offers[0]?.id;
  if (!offer) throw new Error('The search found no offer');
  return [
    { page: '/', module: 'src/home/HomePage.tsx', url: `${baseUrl}/` },
    { page: '/search?…', module: 'src/results/SearchResultsPage.tsx', url: `${baseUrl}/search?${search}` },
    {
      page: '/flight/{id}',
      module: 'src/flight/FlightDetailsPage.tsx',
      url: `${baseUrl}/flight/${encodeURIComponent(offer)}`,
    },
    {
      page: '/booking?…',
      module: 'src/booking/BookingPage.tsx',
      url: `${baseUrl}/booking?offer=${encodeURIComponent(offer)}&adults=1`,
    },
  ];
}

interface Figures {
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  kib: number;
  scriptRequests: number;
  scriptWireKib: number;
  scriptGzipKb: number;
  scriptingMs: number;
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

/** What the browser fetched and ran for scripts during the load, from the report's audits. */
function scriptFigures(lhr: { audits: Record<string, { details?: unknown } | undefined> }, distDir: string) {
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] })?.items ?? []).filter(
    (request) => request.resourceType === 'Script',
  );
  const breakdown = (
    lhr.audits['mainthread-work-breakdown']?.details as {
      items?: Array<{ group: string; duration: number }>;
    }
  )?.items;
  const scriptingMs = (breakdown ?? [])
    .filter((item) => item.group === 'scriptEvaluation' || item.group === 'scriptParseCompile')
    .reduce((sum, item) => sum + item.duration, 0);
  return {
    scriptRequests: requests.length,
    scriptWireKib: requests.reduce((sum, request) => sum + (request.transferSize ?? 0), 0) / 1024,
    scriptGzipKb: requests.reduce((sum, request) => sum + servedGzipBytes(distDir, request.url), 0) / 1000,
    scriptingMs,
  };
}

/** Lighthouse now and then loses the trace on a loaded machine (NO_NAVSTART): such a run is run again. */
async function again<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.warn(`run again: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

async function measureOnce(url: string, distDir: string): Promise<Figures> {
  // Killed also when its launch fails (a browser that never answered would keep the bench alive).
  const chrome = new Launcher({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: 'error' });
  try {
    await chrome.launch();
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    if (REPORT_DIR) {
      mkdirSync(REPORT_DIR, { recursive: true });
      const name = `${String((reportCount += 1)).padStart(2, '0')}-${new URL(url).pathname.split('/')[1] || 'home'}.json`;
      writeFileSync(path.join(REPORT_DIR, name), JSON.stringify(lhr));
    }
    const score = (name: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[name]?.score ?? 0) * 100);
    const value = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      kib: value('total-byte-weight') / 1024,
      ...scriptFigures(lhr as never, distDir),
    };
  } finally {
    chrome.kill();
  }
}

interface Interactions {
  inpMs: number;
  /** One per step, in order. */
  durationsMs: number[];
}

/** A phone's run of the results page: the page loads as the machine is, the interaction runs 4× slower. */
async function measureInteractionsOnce(url: string): Promise<Interactions> {
  const chrome = new Launcher({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: 'error' });
  let browser: Browser | undefined;
  try {
    await chrome.launch();
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const page = await browser.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    const { width, height, deviceScaleFactor } = screenEmulationMetrics.mobile;
    // The size Lighthouse emulates, from the start: at 412 px the filter panel is behind its button.
    await page.setViewport({ width, height, deviceScaleFactor, isMobile: true, hasTouch: true });
    await page.setUserAgent({ userAgent: userAgents.mobile });
    await page.goto(url, { waitUntil: 'networkidle0', timeout: STEP_TIMEOUT_MS });
    await page.locator('a[aria-label^="View details"]').wait();
    const timespan = await startTimespan(page, {
      flags: {
        logLevel: 'error',
        onlyAudits: ['interaction-to-next-paint'],
        // Applied by DevTools, which timespan mode needs; only the CPU is slowed.
        throttlingMethod: 'devtools',
        throttling: {
          cpuSlowdownMultiplier: throttling.mobileSlow4G.cpuSlowdownMultiplier,
          rttMs: 0,
          throughputKbps: 0,
          requestLatencyMs: 0,
          downloadThroughputKbps: 0,
          uploadThroughputKbps: 0,
        },
      },
    });
    await interact(page);
    const result = await timespan.endTimespan();
    if (!result) throw new Error(`Lighthouse gave no timespan result for ${url}`);
    const durationsMs = interactionDurations(result.artifacts.Trace.traceEvents as TraceEvent[]);
    const inpMs = interactionToNextPaint(durationsMs);
    if (inpMs === null || durationsMs.length !== STEPS.length) {
      throw new Error(`${STEPS.length} interactions expected, the trace holds ${durationsMs.length}`);
    }
    const lighthouseInp = result.lhr.audits['interaction-to-next-paint']?.numericValue;
    if (lighthouseInp === undefined || Math.abs(lighthouseInp - inpMs) > 8) {
      console.warn(`INP from the trace's events ${inpMs} ms, Lighthouse's INP ${lighthouseInp ?? 'none'}`);
    }
    return { inpMs, durationsMs };
  } finally {
    await browser?.disconnect();
    chrome.kill();
  }
}

/** The steps, each a click that waits for what it shows (the panel's chunk, the new results, the details). */
async function interact(page: BrowserPage): Promise<void> {
  await page.locator('button[aria-controls="results-filters"]').click();
  await page.locator('::-p-aria([name="Non-stop"][role="checkbox"])').click();
  await page.waitForFunction(() => document.querySelector('#results-filters')?.querySelector('input:checked'));
  await page.waitForNetworkIdle({ idleTime: 1_000, timeout: STEP_TIMEOUT_MS });
  await page.locator('a[aria-label^="View details"]').click();
  await page.waitForFunction(() => location.pathname.startsWith('/flight/'));
  await page.waitForNetworkIdle({ idleTime: 1_000, timeout: STEP_TIMEOUT_MS });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** One `for (;;);` process: a core kept busy while the pages are measured again. */
function startBurner(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' });
}

type Page = Awaited<ReturnType<typeof pagesOf>>[number];

async function measurePages(pages: Page[], distDir: string, setting: string) {
  console.log(
    `\n${setting}: load average before ${load()} (${os.cpus().length} cores); ${RUNS} runs per page, medians`,
  );
  const rows = [];
  for (const { page, url } of pages) {
    const runs: Figures[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await again(() => measureOnce(url, distDir)));
    const interactions: Interactions[] = [];
    if (page.startsWith('/search')) {
      for (let run = 0; run < RUNS; run += 1) interactions.push(await again(() => measureInteractionsOnce(url)));
    }
    const of = (key: keyof Figures) => median(runs.map((figures) => figures[key]));
    rows.push({
      page,
      performance: of('performance'),
      accessibility: of('accessibility'),
      'best practices': of('best-practices'),
      SEO: of('seo'),
      'LCP s': Number((of('lcpMs') / 1000).toFixed(2)),
      'TBT ms': Math.round(of('tbtMs')),
      CLS: Number(of('cls').toFixed(3)),
      'scripting ms': Math.round(of('scriptingMs')),
      scripts: of('scriptRequests'),
      'script kB gzip': Number(of('scriptGzipKb').toFixed(1)),
      'script KiB wire': Math.round(of('scriptWireKib')),
      'all KiB wire': Math.round(of('kib')),
      'performance runs': runs.map((figures) => figures.performance).join(' '),
      ...(interactions.length > 0 && {
        'INP ms': Math.round(median(interactions.map(({ inpMs }) => inpMs))),
        'interactions ms': STEPS.map((_, step) =>
          Math.round(median(interactions.map(({ durationsMs }) => durationsMs[step]!))),
        ).join(' '),
      }),
    });
  }
  console.table(rows);
  if (rows.some((row) => row['INP ms'] !== undefined)) {
    console.log(`${setting}: interactions ms (medians) are, in order: ${STEPS.join(', ')}`);
  }
  console.log(`${setting}: load average after ${load()}`);
  return rows;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'contrail-lighthouse-'));
let server: ChildProcess | undefined;
let burner: ChildProcess | undefined;
try {
  const started = await startProduction(dataDir);
  server = started.child;
  const pages = (await pagesOf(started.baseUrl)).filter(
    ({ page }) => !PAGES || PAGES.some((prefix) => (prefix === '/' ? page === '/' : page.startsWith(prefix))),
  );
  const distDir = path.join(root, 'storefront/dist');
  const manifestKb = (module: string) => Number((initialJsGzipBytes(distDir, module) / 1000).toFixed(1));
  console.table(pages.map(({ page, module }) => ({ page, 'manifest initial JS kB gzip': manifestKb(module) })));
  const quiet = await measurePages(pages, distDir, 'the machine as it is');
  const missed = missedGoals(quiet, MACHINE_AS_IT_IS);
  if (BURNED) {
    burner = startBurner();
    const burned = await measurePages(pages, distDir, 'with one core kept busy by the bench');
    missed.push(...missedGoals(burned, ONE_CORE_BUSY).map((miss) => `(one core busy) ${miss}`));
  }
  console.log(`\n${goalsLine(STEPS)}`);
  console.log(missed.length === 0 ? 'goals: all met' : `goals missed: ${missed.join('; ')}`);
} finally {
  burner?.kill('SIGKILL');
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}
