import type { ErasureResult } from '@shop/contracts/erasure';
import { isBeingOrdered, isFinal } from '@shop/contracts/order-lifecycle';
import type { Database } from '../db/client.ts';
import type { FileService } from '../modules/files/index.ts';
import { dropInvoiceRequests } from '../modules/invoices/index.ts';
import { countMailsOfOrders, countMailsTo, dropMailsOfOrders, dropMailsTo } from '../modules/mail/index.ts';
import {
  dropStaffNotes,
  dropUploadLinks,
  filesOfOrders,
  noteRetention,
  ordersOfCustomer,
  stripOrders,
} from '../modules/orders/index.ts';
import { releaseBatchFilesOf } from '../modules/print/index.ts';
import { unusedFiles } from './retention.ts';

/**
 * A customer's erasure request (RGPD art. 17), found by the e-mail address of their orders, in one
 * transaction. For every order of that address that is finished (delivered, cancelled) or was never
 * placed: the name, e-mail, phone and address go, with the photos, the design (whose texts may name
 * people), the print files, the order's mails, its upload links, its full-invoice request and the
 * staff's notes in its timeline, where one line records the erasure; staff mails to that address
 * go too. The order keeps what the accounts need (number, dates, store, model, amounts, states).
 *
 * Kept, because the law requires it: the invoices with their buyer data and PDFs and the
 * VERI*FACTU records (immutable, 6 years: Código de Comercio art. 30), blocked under LOPDGDD art. 32;
 * and the payment records, which hold no name or address. Orders still in progress are left alone
 * and listed: the shop needs the data to deliver them; ask again once they are delivered.
 *
 * Without `confirm` it only says what it would do. Bytes of deleted files go after the commit.
 */
/** Carries a dry run's answer out of the transaction it rolls back. */
class DryRun extends Error {
  constructor(readonly result: ErasureResult) {
    super('erasure looked at, not done');
  }
}

export async function eraseCustomer(
  db: Database,
  files: FileService,
  input: { email: string; confirm: boolean },
): Promise<ErasureResult> {
  const email = input.email.trim().toLowerCase();
  const removeBytes: (() => Promise<void>)[] = [];
  try {
    // The whole erasure runs either way; a dry run rolls it back, so what it says is exact.
    const result = await db.transaction(async (tx): Promise<ErasureResult> => {
      const orders = await ordersOfCustomer(tx, email);
      const erasable = orders.filter((o) => isFinal(o.status) || isBeingOrdered(o.status));
      const pending = orders.filter((o) => !erasable.includes(o));
      const ids = erasable.map((o) => o.id);
      const candidates = await filesOfOrders(tx, ids);
      const mails = (await countMailsOfOrders(tx, ids)) + (await countMailsTo(tx, email));
      await dropMailsOfOrders(tx, ids);
      await dropMailsTo(tx, email);
      await dropInvoiceRequests(tx, ids);
      await dropUploadLinks(tx, ids);
      await dropStaffNotes(tx, ids);
      await stripOrders(tx, ids, true);
      candidates.push(...(await releaseBatchFilesOf(tx, ids)));
      const unused = await unusedFiles(tx, files, candidates);
      await noteRetention(tx, ids, 'Datos personales suprimidos a petición del cliente', 'rgpd');
      const answer: ErasureResult = {
        done: input.confirm,
        erased: erasable.map((o) => ({ orderNumber: o.orderNumber, status: o.status, invoiced: o.invoiced })),
        pending: pending.map((o) => ({ orderNumber: o.orderNumber, status: o.status })),
        mails,
        files: unused.length,
      };
      if (!input.confirm) throw new DryRun(answer);
      for (const id of unused) removeBytes.push(await files.remove(tx, id));
      return answer;
    });
    for (const remove of removeBytes) await remove();
    return result;
  } catch (err) {
    if (err instanceof DryRun) return err.result;
    throw err;
  }
}
