import type { Queryable } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import type { FileService } from '../files/index.ts';
import { conditionsDocument, renderConditionsPdf } from './conditions-pdf.ts';

/**
 * The copy of the conditions each order was made under (ADR 26): its version and the stored PDF
 * that went with the confirmation mail. Recorded once, when the order is first confirmed (placed to
 * pay at the store, or paid online); every order under the same texts shares one stored PDF.
 */
export interface ConditionsCopy {
  version: string;
  fileId: string;
  /** Recorded by this call: the customer has not been sent it yet. */
  fresh: boolean;
}

export async function recordOrderConditions(
  q: Queryable,
  files: FileService,
  company: Config['company'],
  orderId: string,
): Promise<ConditionsCopy> {
  const { rows } = await q.query<{ version: string; file_id: string }>(
    'SELECT version, file_id FROM order_conditions WHERE order_id = $1',
    [orderId],
  );
  if (rows[0]) return { version: rows[0].version, fileId: rows[0].file_id, fresh: false };
  const document = conditionsDocument(company);
  const known = await q.query<{ file_id: string }>(
    'SELECT file_id FROM order_conditions WHERE version = $1 LIMIT 1',
    [document.version],
  );
  const fileId =
    known.rows[0]?.file_id ??
    (
      await files.save(q, {
        kind: 'conditions',
        contentType: 'application/pdf',
        bytes: await renderConditionsPdf(document, company),
      })
    ).id;
  await q.query('INSERT INTO order_conditions (order_id, version, file_id) VALUES ($1, $2, $3)', [
    orderId,
    document.version,
    fileId,
  ]);
  return { version: document.version, fileId, fresh: true };
}

/** The attachment's name in the customer's mail. */
export const conditionsFilename = (copy: Pick<ConditionsCopy, 'version'>) =>
  `condiciones-${copy.version}.pdf`;
