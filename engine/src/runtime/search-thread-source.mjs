// The search thread's entry when the engine runs from its TypeScript sources (tests, benches):
// tsx's loader for this thread, then the thread itself. Compiled engines start thread.js.
import { register } from 'tsx/esm/api';

register();
await import('./search-thread.ts');
