import type { PaymentInitiation } from '@shop/contracts/payments';
import { useEffect, useRef } from 'react';

/**
 * The signed payment request, posted as a real form to the card gateway (Redsys redirect
 * integration): the browser leaves the shop for the bank's page.
 */
export function GatewayForm({ initiation }: { initiation: PaymentInitiation }) {
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef(false);

  useEffect(() => {
    // Once only, even when React runs the effect twice in development.
    if (sent.current) return;
    sent.current = true;
    form.current?.submit();
  }, []);

  return (
    <form ref={form} method="post" action={initiation.url} hidden>
      <input type="hidden" name="Ds_SignatureVersion" value={initiation.ds_SignatureVersion} />
      <input type="hidden" name="Ds_MerchantParameters" value={initiation.ds_MerchantParameters} />
      <input type="hidden" name="Ds_Signature" value={initiation.ds_Signature} />
    </form>
  );
}
