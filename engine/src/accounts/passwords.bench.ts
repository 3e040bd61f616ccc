// How long a sign-in spends hashing at OWASP's scrypt parameters, alone and four at a time
// (libuv's default thread pool), which bounds sign-ins per second per engine instance.
import { performance } from 'node:perf_hooks';
import { OWASP_SCRYPT, scryptHasher } from './passwords.js';

const hasher = scryptHasher(OWASP_SCRYPT);
const stored = await hasher.hash('bench password');

async function time(label: string, concurrency: number, rounds: number) {
  const start = performance.now();
  for (let round = 0; round < rounds; round++) {
    await Promise.all(Array.from({ length: concurrency }, () => hasher.verify('bench password', stored)));
  }
  const elapsed = performance.now() - start;
  const count = concurrency * rounds;
  return {
    case: label,
    verifications: count,
    'ms each (wall)': +(elapsed / count).toFixed(1),
    'per second': +((count / elapsed) * 1000).toFixed(1),
  };
}

console.table([await time('one at a time', 1, 5), await time('4 concurrent', 4, 3)]);
