import { connect } from 'node:net';

/**
 * Sends a POST to `url` with its headers and the first bytes of a body it announces as longer, then nothing more,
 * and resolves with what the server sent once it closed the connection, or with `undefined` when it
 * was still open after `boundMs` (then the client closes it).
 */
export function stalledBodyAnswer(url: string, boundMs: number): Promise<string | undefined> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `POST ${pathname} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"username":`,
      );
    });
    const bound = setTimeout(() => {
      socket.destroy();
      resolve(undefined);
    }, boundMs);
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(bound);
      resolve(received);
    });
  });
}
