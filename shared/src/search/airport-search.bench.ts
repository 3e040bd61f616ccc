// How long one keystroke's airport search takes on the bundled list (the picker runs it on every change).
import { airports } from '../reference/airports.js';
import { searchAirports } from './airport-search.js';

const queries = ['lo', 'lon', 'london', 'new york', 'jfk', 'san fran', 'de', 'us', 'international airport', 'zzz'];
const rounds = 2000;
const rows = queries.map((query) => {
  for (let i = 0; i < 200; i += 1) searchAirports(airports, query);
  const start = performance.now();
  let found = 0;
  for (let i = 0; i < rounds; i += 1) found = searchAirports(airports, query).length;
  const micros = ((performance.now() - start) / rounds) * 1000;
  return { query, airports: airports.length, results: found, 'µs per search': Number(micros.toFixed(1)) };
});
console.table(rows);
