import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface StoredSession {
  /** The Cookie header to send: the engine's signed session cookie pair. */
  cookie: string;
  username: string;
  /** The brand signed in on (`contrail login --brand`): every call names it, as the storefront does. */
  brand?: string;
  savedAt: string;
}

interface SessionFile {
  sessions: Record<string, StoredSession>;
}

export const SESSION_FILE = 'session.json';

/**
 * One session per engine URL, in the user's config directory. The file holds a live credential,
 * so it is readable by its owner only (0600, directory 0700).
 */
export class SessionStore {
  constructor(private readonly configDir: string) {}

  get file(): string {
    return path.join(this.configDir, SESSION_FILE);
  }

  async get(url: string): Promise<StoredSession | undefined> {
    return (await this.#read()).sessions[url];
  }

  async save(url: string, session: StoredSession): Promise<void> {
    const data = await this.#read();
    data.sessions[url] = session;
    await this.#write(data);
  }

  async remove(url: string): Promise<boolean> {
    const data = await this.#read();
    if (!data.sessions[url]) return false;
    delete data.sessions[url];
    await this.#write(data);
    return true;
  }

  async #read(): Promise<SessionFile> {
    try {
      const parsed = JSON.parse(await readFile(this.file, 'utf8')) as Partial<SessionFile>;
      return { sessions: parsed.sessions && typeof parsed.sessions === 'object' ? parsed.sessions : {} };
    } catch {
      return { sessions: {} };
    }
  }

  async #write(data: SessionFile): Promise<void> {
    await mkdir(this.configDir, { recursive: true, mode: 0o700 });
    await writeFile(this.file, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
    // writeFile's mode applies only when it creates the file.
    await chmod(this.file, 0o600);
  }
}
