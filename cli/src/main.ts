#!/usr/bin/env node
/** The contrail CLI entry point. */
import envPaths from 'env-paths';
import { wantsColour } from './output/colour.js';
import { runCli } from './program.js';

const configDir = process.env.CONTRAIL_CONFIG_DIR || envPaths('contrail', { suffix: '' }).config;

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  terminal: process.stdout,
  interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
  env: process.env,
  colour: wantsColour(process.env, process.stdout),
  configDir,
  fetch: globalThis.fetch,
});
