import { randomBytes } from 'node:crypto';
import { mkdirSync, chmodSync } from 'node:fs';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * DATA_DIR holds the embedded database and generated secrets: it and everything the engine writes
 * into it are the owner's alone (directories 0700, files 0600), also when an older, wider one exists.
 */
export function privateDirectory(directory: string): void {
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  chmodSync(directory, 0o700);
}

/** Writes a file only its owner can read, replacing any earlier one. */
export async function writePrivateFile(file: string, content: string): Promise<void> {
  privateDirectory(path.dirname(file));
  await writeFile(file, content, { mode: 0o600 });
  await chmod(file, 0o600);
}

/**
 * A secret made once and kept in `dataDir/name` (0600), so it survives restarts: the embedded
 * default's session secret, sandbox credentials and PII master key. `make` gives a new one.
 */
export async function generatedSecret(
  dataDir: string,
  name: string,
  make: () => string = () => randomBytes(48).toString('base64url'),
): Promise<string> {
  const file = path.join(dataDir, name);
  privateDirectory(dataDir);
  try {
    await writeFile(file, make(), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    await chmod(file, 0o600);
  }
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters`);
  return secret;
}
