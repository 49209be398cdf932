/**
 * The daily retention job (modules/retention): one row per day it ran, so that any number of
 * instances run it once a day between them, and what it deleted, for the record.
 */
export default /* sql */ `
CREATE TABLE retention_runs (
  day date PRIMARY KEY,
  ran_at timestamptz NOT NULL DEFAULT now(),
  abandoned_orders integer NOT NULL,
  abandoned_anonymised integer NOT NULL,
  photo_orders integer NOT NULL,
  files integer NOT NULL
);
`;
