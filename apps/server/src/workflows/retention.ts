import type { RetentionPeriods } from '@shop/contracts/retention';
import type { Database, Queryable } from '../db/client.ts';
import type { FileService } from '../modules/files/index.ts';
import { dropInvoiceRequests, filesOfInvoices } from '../modules/invoices/index.ts';
import { dropMailsOfOrders, filesAttachedToMails } from '../modules/mail/index.ts';
import {
  abandonedOrders,
  deleteOrders,
  dropStaffNotes,
  dropUploadLinks,
  filesOfOrders,
  filesUsedByOrders,
  noteRetention,
  ordersPastKeeping,
  ordersPastLegalKeeping,
  stripOrders,
} from '../modules/orders/index.ts';
import { ordersWithPaymentAttempts, purgeUnverifiedNotifications } from '../modules/payments/index.ts';
import { filesOfBatches, releaseBatchFilesOf } from '../modules/print/index.ts';
import { claimRetentionDay, type RetentionCounts, recordRetention } from '../modules/retention/index.ts';

/**
 * The retention the privacy policy promises (its text and this job read the same periods,
 * `RetentionPeriods`, from the configuration):
 *
 * - an order never confirmed (not paid, not placed to pay at the store) goes, with its photo,
 *   design and data, `abandonedOrderDays` after it was last changed; one that reached the payment
 *   gateway keeps its row for the payment records, without personal data, photo or design;
 * - a delivered order loses its photo, design and print files `warrantyYears` years plus
 *   `photoDaysAfterWarranty` days after delivery; a cancelled one `cancelledOrderDays` after the
 *   cancellation; a print batch's PDF (the sheets with its orders' designs) goes with the first of
 *   its orders, the batch's record stays;
 * - a finished order's personal data (name, e-mail, phone, address, and the mails repeating them)
 *   goes `invoiceYears` after it was delivered or cancelled, the legal keeping period of its
 *   invoices; the invoices, their PDFs and the VERI*FACTU records are never touched here;
 * - payment notifications that failed verification go `UNVERIFIED_NOTIFICATION_DAYS` after they
 *   arrived, long enough to look into them. Verified ones are the payments' records and stay.
 *
 * It runs once a day, whichever instance comes first (`modules/retention`). Times are the `now`
 * given, so a test can move the clock on.
 */

export interface RetentionResult extends RetentionCounts {
  /** 'ran', or why nothing was done: another instance holds the job, or it already ran that day. */
  outcome: 'ran' | 'busy' | 'done-today';
  day: string;
}

export interface RetentionLogger {
  info(obj: object, msg: string): void;
}

const NOTHING: RetentionCounts = {
  abandonedOrders: 0,
  abandonedAnonymised: 0,
  photoOrders: 0,
  personalDataOrders: 0,
  files: 0,
  unverifiedNotifications: 0,
};

/**
 * Which of these files nothing uses any more (no order, invoice, mail attachment or print batch):
 * the ones a retention or an erasure may delete.
 */
export async function unusedFiles(
  tx: Queryable,
  files: FileService,
  candidates: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(candidates)];
  const used = [
    await filesUsedByOrders(tx, unique),
    await filesOfInvoices(tx, unique),
    await filesAttachedToMails(tx, unique),
    await filesOfBatches(tx, unique),
  ];
  return files.stored(
    tx,
    unique.filter((id) => !used.some((set) => set.has(id))),
  );
}

/** Runs the day's retention; see above. Bytes of deleted files go after the commit. */
export async function runRetention(
  db: Database,
  files: FileService,
  periods: RetentionPeriods,
  opts: { now?: Date; log?: RetentionLogger } = {},
): Promise<RetentionResult> {
  const now = opts.now ?? new Date();
  const removeBytes: (() => Promise<void>)[] = [];
  const result = await db.transaction(async (tx): Promise<RetentionResult> => {
    const { day, claim } = await claimRetentionDay(tx, now);
    if (claim !== 'claimed') return { outcome: claim, day, ...NOTHING };

    // Abandoned: never confirmed, untouched for the period. Those that reached the gateway keep
    // their row (the payment records point at it), stripped; the rest go entirely.
    const abandoned = await abandonedOrders(tx, now, periods.abandonedOrderDays);
    const attempted = await ordersWithPaymentAttempts(
      tx,
      abandoned.map((o) => o.id),
    );
    const deleted = abandoned.filter((o) => !attempted.has(o.id)).map((o) => o.id);
    const anonymised = abandoned.filter((o) => attempted.has(o.id) && !o.bare).map((o) => o.id);
    const candidates = await filesOfOrders(tx, [...deleted, ...anonymised]);
    const forgotten = [...deleted, ...anonymised];
    await dropMailsOfOrders(tx, forgotten);
    await dropInvoiceRequests(tx, forgotten);
    await dropUploadLinks(tx, forgotten);
    await deleteOrders(tx, deleted);
    await stripOrders(tx, anonymised, true);
    await noteRetention(tx, anonymised, 'Pedido sin confirmar: datos personales, foto y diseño suprimidos');

    // Delivered orders past the legal guarantee and the margin; cancelled ones past theirs.
    const photoOrders = await ordersPastKeeping(tx, now, periods);
    candidates.push(...(await filesOfOrders(tx, photoOrders)));
    await stripOrders(tx, photoOrders, false);
    candidates.push(...(await releaseBatchFilesOf(tx, photoOrders)));
    await noteRetention(tx, photoOrders, 'Foto y diseño suprimidos: plazo de conservación cumplido');

    // Past the legal keeping period of their invoices: the finished orders' personal data, and the
    // mails that repeat it. The invoices keep the data the law asks of them.
    const legalOrders = await ordersPastLegalKeeping(tx, now, periods);
    candidates.push(...(await filesOfOrders(tx, legalOrders)));
    await dropMailsOfOrders(tx, legalOrders);
    await dropInvoiceRequests(tx, legalOrders);
    await dropStaffNotes(tx, legalOrders);
    await stripOrders(tx, legalOrders, true);
    await noteRetention(tx, legalOrders, 'Datos personales suprimidos: plazo legal de conservación cumplido');

    const unused = await unusedFiles(tx, files, candidates);
    for (const id of unused) removeBytes.push(await files.remove(tx, id));

    const counts: RetentionCounts = {
      abandonedOrders: deleted.length,
      abandonedAnonymised: anonymised.length,
      photoOrders: photoOrders.length,
      personalDataOrders: legalOrders.length,
      files: unused.length,
      unverifiedNotifications: await purgeUnverifiedNotifications(tx, now),
    };
    await recordRetention(tx, day, counts);
    return { outcome: 'ran', day, ...counts };
  });
  for (const remove of removeBytes) await remove();
  opts.log?.info({ job: 'retention', ...result }, 'retention');
  return result;
}
