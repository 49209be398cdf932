/**
 * A job keeps the id of the request that queued it (or of the job that did), so the log lines of
 * its runs can be read with the request's, on whichever instance they ran.
 */
export default /* sql */ `
ALTER TABLE jobs ADD COLUMN IF NOT EXISTS request_id text;
`;
