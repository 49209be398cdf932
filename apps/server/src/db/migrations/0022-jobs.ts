/**
 * One durable job queue for the whole server (ADR 31): `jobs` holds every piece of work to be done
 * outside a request (ready, running under a lease, done, or dead after its last attempt), and
 * `job_schedules` the recurring ones. `singleton_key` makes an enqueue idempotent: a second job
 * with the same queue and key is not added, whatever the first one's state. `domain_events` is the
 * outbox of what happened (an order placed, paid, cancelled...), written in the transaction of the
 * change; its dispatch job turns each event into one job per subscriber.
 */
export default /* sql */ `
CREATE TABLE IF NOT EXISTS jobs (
  id bigserial PRIMARY KEY,
  queue text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  state text NOT NULL DEFAULT 'ready' CHECK (state IN ('ready', 'running', 'done', 'dead')),
  run_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts > 0),
  lease text,
  locked_until timestamptz,
  last_error text,
  singleton_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE UNIQUE INDEX IF NOT EXISTS jobs_singleton ON jobs (queue, singleton_key) WHERE singleton_key IS NOT NULL;
CREATE INDEX IF NOT EXISTS jobs_due ON jobs (run_at, id) WHERE state IN ('ready', 'running');
CREATE INDEX IF NOT EXISTS jobs_dead ON jobs (queue) WHERE state = 'dead';

CREATE TABLE IF NOT EXISTS job_schedules (
  name text PRIMARY KEY,
  queue text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  every_seconds integer NOT NULL CHECK (every_seconds > 0),
  next_run_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS domain_events (
  id bigserial PRIMARY KEY,
  type text NOT NULL,
  subject text,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS domain_events_subject ON domain_events (subject, id);
`;
