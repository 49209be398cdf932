/**
 * Bytes of customer photos stored per client (visitor, address) in fixed windows, like the
 * request counters of `rate_limits` but counting bytes (see modules/files/quota.ts).
 */
export default /* sql */ `
CREATE TABLE upload_quota (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  bytes bigint NOT NULL
);
CREATE INDEX upload_quota_window_idx ON upload_quota (window_start);
`;
