/**
 * CPU profiles and heap snapshots of a running server over its inspector protocol, so the soak
 * bench can profile the same phase (the catalogue read) of a fresh and of a worked shop in one run.
 * The server is started with `--inspect=127.0.0.1:<port>`; this side needs a WebSocket client
 * (Node 22, or Node 20 with `--experimental-websocket`).
 */
import { writeFileSync } from 'node:fs';

export class Inspector {
  #ws: WebSocket;
  #next = 1;
  #waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  #chunks: string[] = [];

  private constructor(ws: WebSocket) {
    this.#ws = ws;
    ws.addEventListener('message', (event) => {
      const msg = JSON.parse(String(event.data)) as {
        id?: number;
        result?: unknown;
        error?: { message: string };
        method?: string;
        params?: { chunk?: string };
      };
      if (msg.method === 'HeapProfiler.addHeapSnapshotChunk') this.#chunks.push(msg.params!.chunk!);
      if (msg.id === undefined) return;
      const w = this.#waiting.get(msg.id);
      this.#waiting.delete(msg.id);
      if (msg.error) w?.reject(new Error(msg.error.message));
      else w?.resolve(msg.result);
    });
  }

  /** Connects to the inspector listening on 127.0.0.1:`port`. */
  static async connect(port: number): Promise<Inspector> {
    if (typeof globalThis.WebSocket !== 'function') {
      throw new Error(
        'profiling the server needs a WebSocket client: Node 22, or node --experimental-websocket',
      );
    }
    const deadline = Date.now() + 10_000;
    let targets: { webSocketDebuggerUrl: string }[] = [];
    while (!targets.length) {
      try {
        targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as typeof targets;
      } catch {
        if (Date.now() > deadline) throw new Error(`no inspector on 127.0.0.1:${port}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    const ws = new WebSocket(targets[0]!.webSocketDebuggerUrl);
    await new Promise((resolve, reject) => {
      ws.addEventListener('open', resolve, { once: true });
      ws.addEventListener('error', () => reject(new Error('inspector connection failed')), { once: true });
    });
    return new Inspector(ws);
  }

  send(method: string, params: object = {}): Promise<unknown> {
    const id = this.#next++;
    this.#ws.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve, reject) => this.#waiting.set(id, { resolve, reject }));
  }

  async startProfile(): Promise<void> {
    await this.send('Profiler.enable');
    await this.send('Profiler.setSamplingInterval', { interval: 200 });
    await this.send('Profiler.start');
  }

  /** Stops the profile and writes it as a .cpuprofile (Chrome DevTools, speedscope). */
  async stopProfile(path: string): Promise<void> {
    const { profile } = (await this.send('Profiler.stop')) as { profile: unknown };
    writeFileSync(path, JSON.stringify(profile));
  }

  /** A heap snapshot after a full garbage collection, written as a .heapsnapshot. */
  async heapSnapshot(path: string): Promise<void> {
    this.#chunks = [];
    await this.send('HeapProfiler.collectGarbage');
    await this.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    writeFileSync(path, this.#chunks.join(''));
    this.#chunks = [];
  }

  close(): void {
    this.#ws.close();
  }
}
