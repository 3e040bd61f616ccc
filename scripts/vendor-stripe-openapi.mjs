#!/usr/bin/env node
// Writes the part of Stripe's published OpenAPI specification (openapi/spec3.json) that the Stripe
// sandbox's answers are checked against: the answers (200 and error) of the endpoints it serves
// and every schema they reference, descriptions and vendor extensions left out. The copy is
// pinned by the source file's SHA-256, recorded beside it; see
// sandboxes/src/test-support/stripe-openapi/README.md for where the source came from.
//
//   node scripts/vendor-stripe-openapi.mjs path/to/spec3.json
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the sandbox serves (sandboxes/src/stripe/router.ts), in the specification's own paths. */
export const ENDPOINTS = [
  'GET /v1/payment_intents',
  'POST /v1/payment_intents',
  'GET /v1/payment_intents/{intent}',
  'POST /v1/payment_intents/{intent}',
  'POST /v1/payment_intents/{intent}/confirm',
  'POST /v1/payment_intents/{intent}/capture',
  'POST /v1/payment_intents/{intent}/cancel',
  'GET /v1/refunds',
  'POST /v1/refunds',
  'GET /v1/refunds/{refund}',
  'GET /v1/charges/{charge}',
  'GET /v1/balance_transactions/{id}',
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'sandboxes/src/test-support/stripe-openapi/spec3-subset.json');

/** The JSON schema of an answer, without what only documents it. */
const bare = (value) =>
  JSON.parse(
    JSON.stringify(value, (key, inner) => (key === 'description' || key.startsWith('x-') ? undefined : inner)),
  );

function referenced(value, found = new Set()) {
  JSON.stringify(value, (key, inner) => {
    if (key === '$ref') found.add(inner.replace('#/components/schemas/', ''));
    return inner;
  });
  return found;
}

function main() {
  const source = process.argv[2];
  if (!source) {
    console.error('usage: node scripts/vendor-stripe-openapi.mjs path/to/spec3.json');
    process.exit(2);
  }
  const text = readFileSync(source);
  const spec = JSON.parse(text.toString('utf8'));
  const endpoints = {};
  for (const endpoint of ENDPOINTS) {
    const [method, route] = endpoint.split(' ');
    const operation = spec.paths[route]?.[method.toLowerCase()];
    if (!operation) throw new Error(`The specification has no ${endpoint}`);
    const schema = (status) => operation.responses[status]?.content?.['application/json']?.schema;
    endpoints[endpoint] = { ok: bare(schema('200')), error: bare(schema('default')) };
  }
  const schemas = {};
  const pending = [...referenced(endpoints)];
  while (pending.length > 0) {
    const name = pending.pop();
    if (schemas[name]) continue;
    const schema = spec.components.schemas[name];
    if (!schema) throw new Error(`The specification has no schema ${name}`);
    schemas[name] = bare(schema);
    pending.push(...referenced(schemas[name]));
  }
  const sorted = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
  const subset = {
    source: {
      file: 'openapi/spec3.json',
      openapi: spec.openapi,
      version: spec.info.version,
      sha256: createHash('sha256').update(text).digest('hex'),
    },
    endpoints,
    components: { schemas: sorted },
  };
  writeFileSync(target, `${JSON.stringify(subset)}\n`);
  console.log(`${path.relative(root, target)}: ${ENDPOINTS.length} endpoints, ${Object.keys(sorted).length} schemas`);
}

main();
