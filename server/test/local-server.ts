/** A test's own HTTP server on a free port of 127.0.0.1 (for code that needs a real socket). */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalServer {
  server: http.Server;
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  base: string;
  /** Stops listening; resolves once the server has closed. */
  close(): Promise<void>;
}

/** Serves `listener` on a free port of 127.0.0.1. */
export async function listenLocally(listener: http.RequestListener): Promise<LocalServer> {
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
