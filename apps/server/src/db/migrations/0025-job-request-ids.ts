/**
 * A job and a mail keep the id of the request that queued them (or of the job that did), so the
 * log lines of their runs and sends can be read with the request's, on whichever instance they ran.
 */
export default /* sql */ `
ALTER TABLE jobs ADD COLUMN IF NOT EXISTS request_id text;
ALTER TABLE mail_outbox ADD COLUMN IF NOT EXISTS request_id text;
`;
