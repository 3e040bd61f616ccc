/** The BullMQ worker process for the scaled shape; wired to the engine's job handlers. */
console.error('The workers process is not wired yet: run the engine alone (jobs run in-process).');
process.exit(1);
