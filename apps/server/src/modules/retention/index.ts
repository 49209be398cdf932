/** The retention's record of its daily runs (the run itself is `workflows/retention.ts`). */
export { claimRetentionDay, type RetentionCounts, recordRetention } from './service.ts';
