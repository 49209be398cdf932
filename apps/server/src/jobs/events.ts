import type { Queryable } from '../db/client.ts';
import { enqueue } from './queue.ts';
import type { HandlerOptions, JobRunner } from './runner.ts';

/**
 * Domain events (ADR 31): what happened, written to `domain_events` in the transaction of the
 * change itself, with the job that dispatches it. The dispatch gives each subscriber of the
 * event's type a job of its own, so a subscriber that fails is retried alone, and one that has run
 * is not run again for the same event. The events' types live with the code that records them
 * (`modules/orders/events.ts`); this file knows none of them.
 */

export interface DomainEvent {
  type: string;
  /** What the event is about (an order's id), for reading an order's events in order. */
  subject?: string | null;
  /** The event's own facts, stored as JSON. */
  [fact: string]: unknown;
}

/** A recorded event as subscribers get it. */
export type Recorded<E extends DomainEvent> = E & { eventId: string; recordedAt: string };

const DISPATCH = 'events.dispatch';
const subscriberQueue = (name: string) => `event:${name}`;

/** Records an event in the caller's transaction; it is dispatched once that transaction commits. */
export async function recordEvent(tx: Queryable, event: DomainEvent): Promise<string> {
  const { type, subject = null, ...data } = event;
  const { rows } = await tx.query<{ id: string }>(
    'INSERT INTO domain_events (type, subject, data) VALUES ($1, $2, $3::jsonb) RETURNING id::text',
    [type, subject, JSON.stringify(data)],
  );
  const id = rows[0]!.id;
  await enqueue(tx, DISPATCH, { eventId: id }, { singletonKey: id });
  return id;
}

/** The events recorded about one subject, oldest first. */
export async function eventsOf(db: Queryable, subject: string): Promise<Recorded<DomainEvent>[]> {
  const { rows } = await db.query<{ id: string; type: string; subject: string; data: object; at: string }>(
    `SELECT id::text, type, subject, data, created_at::text AS at FROM domain_events
     WHERE subject = $1 ORDER BY id`,
    [subject],
  );
  return rows.map((r) => ({ ...r.data, type: r.type, subject: r.subject, eventId: r.id, recordedAt: r.at }));
}

/** The subscribers of each event type, and the runner their jobs run on. */
export class EventBus {
  private readonly subscribers = new Map<string, string[]>();

  constructor(private readonly runner: JobRunner) {
    runner.handle(DISPATCH, async (payload) => this.dispatch(String(payload.eventId)));
  }

  /**
   * `name` (stable: it names the subscriber's jobs) runs `handler` once per event of `type`;
   * a failure is retried on the queue's terms and ends as a dead job.
   */
  on<E extends DomainEvent>(
    type: E['type'],
    name: string,
    handler: (event: Recorded<E>) => Promise<void>,
    options: HandlerOptions = {},
  ): this {
    this.subscribers.set(type, [...(this.subscribers.get(type) ?? []), name]);
    this.runner.handle(
      subscriberQueue(name),
      async (payload) => handler(payload.event as Recorded<E>),
      options,
    );
    return this;
  }

  private async dispatch(eventId: string): Promise<void> {
    const db = this.runner.database;
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ type: string; subject: string | null; data: object; at: string }>(
        'SELECT type, subject, data, created_at::text AS at FROM domain_events WHERE id = $1',
        [eventId],
      );
      const row = rows[0];
      if (!row) return;
      const event = { ...row.data, type: row.type, subject: row.subject, eventId, recordedAt: row.at };
      for (const name of this.subscribers.get(row.type) ?? []) {
        // Keyed by the event: a dispatch run twice adds each subscriber's job once.
        await enqueue(tx, subscriberQueue(name), { event }, { singletonKey: eventId });
      }
    });
  }
}
