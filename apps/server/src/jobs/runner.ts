import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client.ts';
import { withRequestId } from '../lib/request-context.ts';
import { enqueue } from './queue.ts';

/** What a handler is told about the job it runs. */
export interface JobInfo {
  id: string;
  queue: string;
  /** This attempt's number, from 1. */
  attempt: number;
  maxAttempts: number;
  /** The request that queued the job (or the job that did); null for a schedule's. */
  requestId: string | null;
}

export type JobHandler = (payload: Record<string, unknown>, job: JobInfo) => Promise<void>;

export interface HandlerOptions {
  /** The first retry's delay; each further one doubles it, up to `maxBackoffSeconds`. */
  backoffSeconds?: number;
  maxBackoffSeconds?: number;
}

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RunnerOptions {
  db: Database;
  log: Logger;
  /** How long a claimed job is this runner's: after it, another runner takes the job again. */
  leaseSeconds?: number;
  /** Jobs claimed at a time. */
  batch?: number;
  /** How often the runner looks for due jobs and schedules when it found none. */
  pollMs?: number;
}

interface Claimed {
  id: string;
  queue: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  lease: string;
  request_id: string | null;
}

/** The delay before attempt `attempt + 1`: base × 2^(attempt − 1), capped. */
export function backoffSeconds(attempt: number, options: HandlerOptions = {}): number {
  const base = options.backoffSeconds ?? 30;
  const cap = options.maxBackoffSeconds ?? 3600;
  return Math.min(cap, base * 2 ** Math.max(0, attempt - 1));
}

/**
 * Runs the queue's jobs (ADR 31). Any number of runners, in any number of instances, share the
 * table: a job is claimed with `FOR UPDATE SKIP LOCKED` under a lease of its own; a runner that
 * dies leaves the lease to expire, and the job is claimed again. A failure is retried after a
 * growing delay; the last one leaves the job dead, for operators. Schedules add their job when
 * due, once between all runners.
 */
export class JobRunner {
  private readonly handlers = new Map<string, { run: JobHandler; options: HandlerOptions }>();
  private readonly schedules: {
    name: string;
    queue: string;
    everySeconds: number;
    payload: Record<string, unknown>;
  }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | null = null;
  private stopped = true;

  constructor(private readonly opts: RunnerOptions) {}

  /** The database the runner's jobs are in. */
  get database(): Database {
    return this.opts.db;
  }

  /** Registers the code that runs a queue's jobs. */
  handle(queue: string, run: JobHandler, options: HandlerOptions = {}): this {
    this.handlers.set(queue, { run, options });
    return this;
  }

  /**
   * A recurring job: `queue` gets a job every `everySeconds`, the first one at once. Each has
   * three attempts; a schedule whose runs all fail leaves dead jobs for operators to see.
   */
  schedule(name: string, queue: string, everySeconds: number, payload: Record<string, unknown> = {}): this {
    this.schedules.push({ name, queue, everySeconds, payload });
    return this;
  }

  /** Writes the schedules (keeping when each is next due) and starts polling. */
  async start(): Promise<void> {
    await this.saveSchedules();
    this.stopped = false;
    this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  async saveSchedules(): Promise<void> {
    for (const s of this.schedules) {
      await this.opts.db.query(
        `INSERT INTO job_schedules (name, queue, payload, every_seconds) VALUES ($1, $2, $3::jsonb, $4)
         ON CONFLICT (name) DO UPDATE SET queue = EXCLUDED.queue, payload = EXCLUDED.payload,
           every_seconds = EXCLUDED.every_seconds`,
        [s.name, s.queue, JSON.stringify(s.payload), s.everySeconds],
      );
    }
  }

  private loop(): void {
    if (this.stopped) return;
    this.running = this.runOnce()
      .catch((err) => {
        this.opts.log.warn({ err }, 'job runner: round failed; will try again');
        return 0;
      })
      .then((done) => {
        this.running = null;
        if (this.stopped) return;
        this.timer = setTimeout(() => this.loop(), done > 0 ? 0 : (this.opts.pollMs ?? 1000));
        this.timer.unref();
      });
  }

  /** One round: due schedules become jobs, then due jobs are claimed and run. Returns jobs run. */
  async runOnce(): Promise<number> {
    await this.fireSchedules();
    const claimed = await this.claim();
    await Promise.all(claimed.map((job) => this.run(job)));
    return claimed.length;
  }

  /** Due schedules add their job and move on by one period; a schedule is fired by one runner. */
  private async fireSchedules(): Promise<void> {
    await this.opts.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ name: string; queue: string; payload: Record<string, unknown> }>(
        `UPDATE job_schedules SET next_run_at = now() + every_seconds * interval '1 second'
         WHERE name IN (SELECT name FROM job_schedules WHERE next_run_at <= now() FOR UPDATE SKIP LOCKED)
         RETURNING name, queue, payload`,
      );
      for (const s of rows) await enqueue(tx, s.queue, s.payload, { maxAttempts: 3 });
    });
  }

  private async claim(): Promise<Claimed[]> {
    const queues = [...this.handlers.keys()];
    if (queues.length === 0) return [];
    const lease = randomUUID();
    const { rows } = await this.opts.db.query<Claimed>(
      `UPDATE jobs SET state = 'running', attempts = attempts + 1, lease = $1,
              locked_until = now() + $2 * interval '1 second'
       WHERE id IN (
         SELECT id FROM jobs
         WHERE queue = ANY($3::text[])
           AND ((state = 'ready' AND run_at <= now()) OR (state = 'running' AND locked_until < now()))
         ORDER BY run_at, id LIMIT $4 FOR UPDATE SKIP LOCKED)
       RETURNING id::text, queue, payload, attempts, max_attempts, lease, request_id`,
      [lease, this.opts.leaseSeconds ?? 300, queues, this.opts.batch ?? 5],
    );
    return rows;
  }

  private async run(job: Claimed): Promise<void> {
    const handler = this.handlers.get(job.queue);
    if (!handler) return;
    // A job whose lease ran out after its last attempt (its runner died each time) is dead.
    if (job.attempts > job.max_attempts) {
      await this.finish(job, 'dead', 'lease expired on the last attempt');
      return;
    }
    const reqId = job.request_id;
    const started = performance.now();
    try {
      // Run as part of the request that queued it: the jobs it queues in turn keep its id.
      await withRequestId(reqId, () =>
        handler.run(job.payload, {
          id: job.id,
          queue: job.queue,
          attempt: job.attempts,
          maxAttempts: job.max_attempts,
          requestId: reqId,
        }),
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (job.attempts >= job.max_attempts) {
        await this.finish(job, 'dead', message);
        return;
      }
      const delay = backoffSeconds(job.attempts, handler.options);
      await this.opts.db.query(
        `UPDATE jobs SET state = 'ready', run_at = now() + $3 * interval '1 second', last_error = $4,
                lease = NULL, locked_until = NULL
         WHERE id = $1 AND lease = $2`,
        [job.id, job.lease, delay, message],
      );
      this.opts.log.warn(
        { job: job.id, queue: job.queue, reqId, attempt: job.attempts, delay, err },
        'job failed; will retry',
      );
      return;
    }
    await this.finish(job, 'done', null);
    this.opts.log.info(
      {
        job: job.id,
        queue: job.queue,
        reqId,
        attempt: job.attempts,
        ms: Math.round(performance.now() - started),
      },
      'job done',
    );
  }

  /** Only the lease's holder may finish a job: one whose lease ran out belongs to another runner. */
  private async finish(job: Claimed, state: 'done' | 'dead', error: string | null): Promise<void> {
    await this.opts.db.query(
      `UPDATE jobs SET state = $3, finished_at = now(), last_error = COALESCE($4, last_error),
              lease = NULL, locked_until = NULL
       WHERE id = $1 AND lease = $2`,
      [job.id, job.lease, state, error],
    );
    if (state === 'dead') {
      this.opts.log.error(
        { job: job.id, queue: job.queue, reqId: job.request_id, attempts: job.attempts, error },
        'job dead after its last attempt',
      );
    }
  }
}
