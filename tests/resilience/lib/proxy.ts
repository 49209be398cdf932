// A tiny round-robin HTTP load balancer on loopback, as a stand-in for the one in front of several
// app instances. A request that could not even be delivered (connection refused: the instance is
// restarting) goes to the next instance, as real balancers do; anything else is passed through.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Proxy {
  url: string;
  /** Requests answered by each backend, in the order of `backends`. */
  served: number[];
  /** Requests that no backend took (every one refused the connection). */
  unavailable: number;
  /** Requests refused by a stopping instance (503, Connection: close) and sent to the next one. */
  retried503: number;
  close(): Promise<void>;
}

export async function startProxy(backends: () => number[]): Promise<Proxy> {
  const agent = new http.Agent({ keepAlive: false });
  let next = 0;
  const state = { served: [] as number[], unavailable: 0, retried503: 0 };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const ports = backends();
      const first = next++;
      const tryBackend = (attempt: number) => {
        if (attempt >= ports.length) {
          state.unavailable++;
          res.writeHead(502, { 'content-type': 'text/plain' }).end('no backend');
          return;
        }
        const index = (first + attempt) % ports.length;
        const upstream = http.request(
          {
            host: '127.0.0.1',
            port: ports[index],
            method: req.method,
            path: req.url,
            headers: { ...req.headers, connection: 'close' },
            agent,
          },
          (up) => {
            // An instance that is stopping refuses new work untouched (503 + Connection: close):
            // like nginx's proxy_next_upstream http_503, try the next one.
            if (up.statusCode === 503 && up.headers.connection === 'close' && attempt + 1 < ports.length) {
              up.resume();
              state.retried503++;
              tryBackend(attempt + 1);
              return;
            }
            state.served[index] = (state.served[index] ?? 0) + 1;
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
          },
        );
        upstream.on('error', (err: NodeJS.ErrnoException) => {
          if (err.code === 'ECONNREFUSED' && !res.headersSent) tryBackend(attempt + 1);
          else res.destroy(err);
        });
        upstream.end(body);
      };
      tryBackend(0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    get served() {
      return state.served;
    },
    get unavailable() {
      return state.unavailable;
    },
    get retried503() {
      return state.retried503;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
