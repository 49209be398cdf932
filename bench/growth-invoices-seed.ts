/**
 * The invoice growth bench's data: a VERI*FACTU chain extended to a given length by set-based SQL,
 * and the plans of the statements one issue runs (EXPLAIN ANALYZE, BUFFERS), read during a real
 * issue. Used by bench/growth-invoices.ts.
 */
import type { Database, Queryable } from '../apps/server/src/db/client.ts';

/** Rows per transaction while seeding: progress is printed after each. */
const CHUNK = 100_000;

export interface ChainSeedSpec {
  issuerNif: string;
  /** The series and year the issues take their numbers from (the counter row they lock). */
  series: string;
  year: number;
  model: { id: number; brandId: number; priceCents: number };
}

/** How many records the chain holds now. */
export async function chainLength(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM verifactu_records');
  return rows[0]!.n;
}

/**
 * Appends `count` invoiced, paid and delivered orders to the chain, as the code that issues reads
 * them: an order, its PDF's file row, its F2 invoice numbered after the series' counter, and its
 * alta chained after the current head (previous_id and previous_hash of the record before it),
 * already accepted by the AEAT; then the counter and the chain's head move to the last one. Only
 * the last record's identification and huella are ever read by an issue, so the huellas are
 * SHA-256 values of the invoice number in the right format (upper-case hex), not computed over
 * the record's fields, and the seeded records keep no XML (the column allows it: records from
 * before the XML was kept have none). Per-row triggers and foreign-key checks are skipped while
 * the rows go in (session_replication_role, when the server allows it): the rows are consistent by
 * construction, and checking a million of them would only slow the seeding.
 */
export async function extendChain(
  db: Database,
  spec: ChainSeedSpec,
  count: number,
  progress: (done: number) => void,
): Promise<void> {
  let done = 0;
  while (done < count) {
    const k = Math.min(CHUNK, count - done);
    await db.transaction(async (tx) => {
      await tx.query('SAVEPOINT growth_role');
      try {
        await tx.query('SET LOCAL session_replication_role = replica');
      } catch {
        await tx.query('ROLLBACK TO SAVEPOINT growth_role');
      }
      const head = await tx.query<{ last_record_id: string | null; last_hash: string }>(
        'SELECT last_record_id, last_hash FROM verifactu_chain WHERE issuer_nif = $1',
        [spec.issuerNif],
      );
      const counter = await tx.query<{ last_number: number }>(
        'SELECT last_number FROM invoice_counters WHERE series = $1 AND year = $2',
        [spec.series, spec.year],
      );
      const maxId = await tx.query<{ id: string }>(
        'SELECT coalesce(max(id), 0)::text AS id FROM verifactu_records',
      );
      const lastId = head.rows[0]?.last_record_id ?? null;
      const params = {
        n0: (counter.rows[0]?.last_number ?? 0) + 1,
        baseId: Number(maxId.rows[0]!.id),
        lastId,
        lastHash: head.rows[0]?.last_hash ?? '',
      };
      await tx.exec(`
        CREATE TEMP TABLE growth_seq ON COMMIT DROP AS
        SELECT g, gen_random_uuid() AS order_id, ${params.n0} + g - 1 AS n,
               clock_timestamp() - (${k} - g) * interval '1 millisecond' AS at
        FROM generate_series(1, ${k}) g;
        INSERT INTO orders (id, store_id, brand_id, model_id, price_cents, origin, status, customer_name, paid_at,
                            paid_by, created_at, updated_at, case_type_id)
        SELECT s.order_id, 1, ${spec.model.brandId}, ${spec.model.id}, ${spec.model.priceCents}, 'false', 'delivered',
               'Cliente', s.at, 'gateway', s.at - interval '1 hour', s.at, (SELECT id FROM case_types WHERE is_default)
        FROM growth_seq s;
        INSERT INTO files (id, kind, content_type, size_bytes, storage_key, created_at)
        SELECT 'growthinv' || s.n, 'invoice', 'application/pdf', 40000, 'invoice/growthinv' || s.n || '.pdf', s.at
        FROM growth_seq s;
        INSERT INTO invoices (order_id, kind, series, year, number, full_number, issued_at, issue_date, seller, store_id,
                              store, is_home_delivery, lines, base_cents, vat_rate, vat_cents, total_cents, pdf_file_id,
                              verifactu, created_at)
        SELECT s.order_id, 'F2', '${spec.series}', ${spec.year}, s.n,
               '${spec.series}${spec.year}-' || CASE WHEN s.n < 1000000 THEN lpad(s.n::text, 6, '0') ELSE s.n::text END,
               s.at, (s.at AT TIME ZONE 'Europe/Madrid')::date, '{}'::jsonb, 1, '{}'::jsonb, false, '[]'::jsonb,
               round(${spec.model.priceCents} * 100 / 121.0)::int, 21,
               ${spec.model.priceCents} - round(${spec.model.priceCents} * 100 / 121.0)::int, ${spec.model.priceCents},
               'growthinv' || s.n, true, s.at
        FROM growth_seq s;
        INSERT INTO verifactu_records (id, invoice_id, issuer_nif, invoice_number, issue_date, invoice_type, cuota_total,
                                       importe_total, previous_id, previous_hash, hash, generated_at, record_type,
                                       submission_status, state, csv, answered_at, created_at)
        SELECT ${params.baseId} + s.g, i.id, '${spec.issuerNif}', i.full_number, to_char(i.issue_date, 'DD-MM-YYYY'),
               'F2', to_char(i.vat_cents / 100.0, 'FM999999990.00'), to_char(i.total_cents / 100.0, 'FM999999990.00'),
               CASE WHEN s.g = 1 THEN ${lastId ?? 'NULL'}::bigint ELSE ${params.baseId} + s.g - 1 END,
               CASE WHEN s.g = 1 THEN '${params.lastHash}'
                    ELSE upper(encode(sha256(convert_to('growth-' || (s.n - 1), 'UTF8')), 'hex')) END,
               upper(encode(sha256(convert_to('growth-' || s.n, 'UTF8')), 'hex')),
               to_char(s.at AT TIME ZONE 'Europe/Madrid', 'YYYY-MM-DD"T"HH24:MI:SS') || '+01:00', 'alta',
               'sent', 'accepted', 'GROWTHCSV', s.at, s.at
        FROM growth_seq s JOIN invoices i ON i.order_id = s.order_id AND i.kind = 'F2';
        SELECT setval('verifactu_records_id_seq', ${params.baseId + k});
        INSERT INTO invoice_counters (series, year, last_number) VALUES ('${spec.series}', ${spec.year}, ${params.n0 + k - 1})
        ON CONFLICT (series, year) DO UPDATE SET last_number = EXCLUDED.last_number;
        INSERT INTO verifactu_chain (issuer_nif, last_record_id, last_hash)
        SELECT '${spec.issuerNif}', id, hash FROM verifactu_records WHERE id = ${params.baseId + k}
        ON CONFLICT (issuer_nif) DO UPDATE SET last_record_id = EXCLUDED.last_record_id, last_hash = EXCLUDED.last_hash;
      `);
    });
    done += k;
    progress(done);
  }
  // Settle before measuring, as a shop's tables are: vacuumed (visibility map, hint bits, frozen)
  // and checkpointed, so the timed issues do not share the disk with the seed's aftermath
  // (autovacuum of a million new rows, a checkpoint of their pages).
  await db.exec('VACUUM (FREEZE, ANALYZE) orders, files, invoices, verifactu_records');
  try {
    await db.exec('CHECKPOINT');
  } catch {
    // Only a superuser (or pg_checkpoint) may: the measurement then shares the disk a while.
  }
}

export interface ExplainedStatement {
  /** The statement's first line, shortened. */
  statement: string;
  ms: number;
  /** Shared buffers hit + read by the statement (with its index upkeep and triggers). */
  buffers: number;
  /** Every "Seq Scan on <table>" in the plan. */
  seqScans: string[];
  /** Every scan node: "Index Scan on invoices (invoices_pkey)" etc. */
  scans: string[];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

function walk(node: PlanNode, scans: string[], seqScans: string[]): void {
  if (node['Relation Name']) {
    const what = `${node['Node Type']} on ${node['Relation Name']}${node['Index Name'] ? ` (${node['Index Name']})` : ''}`;
    scans.push(what);
    if (node['Node Type'] === 'Seq Scan') seqScans.push(node['Relation Name']);
  }
  for (const child of node.Plans ?? []) walk(child, scans, seqScans);
}

/**
 * A transaction that runs each statement twice: first under EXPLAIN (ANALYZE, BUFFERS) inside a
 * savepoint rolled back at once, then for real. So every statement of a real issue is explained
 * with its real parameters, against the data as it is at that point of the issue.
 */
export function explaining(tx: Queryable, out: ExplainedStatement[]): Queryable {
  return {
    async query<R>(text: string, params?: unknown[]) {
      if (
        /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i.test(text) &&
        !/pg_notify|clock_timestamp\(\) AS now/.test(text)
      ) {
        await tx.query('SAVEPOINT growth_explain');
        const { rows } = await tx.query<{ 'QUERY PLAN': { Plan: PlanNode; 'Execution Time': number }[] }>(
          `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`,
          params,
        );
        await tx.query('ROLLBACK TO SAVEPOINT growth_explain');
        const plan = rows[0]!['QUERY PLAN'][0]!;
        const scans: string[] = [];
        const seqScans: string[] = [];
        walk(plan.Plan, scans, seqScans);
        out.push({
          statement: text.trim().split('\n')[0]!.replace(/\s+/g, ' ').slice(0, 70),
          ms: plan['Execution Time'],
          buffers: (plan.Plan['Shared Hit Blocks'] ?? 0) + (plan.Plan['Shared Read Blocks'] ?? 0),
          seqScans,
          scans,
        });
      }
      return tx.query<R>(text, params);
    },
    exec: (text: string) => tx.exec(text),
  };
}

/** The sender's look at its queue (sender-claim.ts), explained: it runs on each wake, not per issue. */
export async function explainSenderQueue(db: Database): Promise<ExplainedStatement[]> {
  const out: ExplainedStatement[] = [];
  await db
    .transaction(async (tx) => {
      const q = explaining(tx, out);
      await q.query(
        `SELECT count(*)::int AS n FROM (SELECT 1 FROM verifactu_records WHERE state = 'pending' LIMIT $1) p`,
        [1000],
      );
      await q.query(
        `SELECT id, late FROM verifactu_records WHERE state = 'pending' ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [1000],
      );
      throw new RollbackSignal();
    })
    .catch((err) => {
      if (!(err instanceof RollbackSignal)) throw err;
    });
  return out;
}

class RollbackSignal extends Error {}
