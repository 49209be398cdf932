import {
  DEFECT_NOTICE_REMINDER,
  DELIVERY_TIME,
  GUARANTEE_REMINDER,
  pickupTime,
  TERMS_PAGES,
  WITHDRAWAL_EXEMPTION,
} from '@shop/contracts/consumer-terms';
import type { Order } from '@shop/contracts/orders';
import { Link } from 'react-router';
import { useCompany } from '@/features/pages/api/get-config';

/**
 * What the customer must know just before the order button (TRLGDCU art. 97-98, LOPDGDD art. 11):
 * the conditions they order under, that a made-to-measure case cannot be returned by withdrawal,
 * its legal guarantee of conformity (and that the 72-hour defect notice does not limit it), where and
 * when the case arrives, and who handles their data, why and with what rights. No consent
 * box: the legal basis of the data is the contract itself.
 */
export function OrderNotices({
  order,
  homeDelivery,
  withMail,
}: {
  order: Order;
  homeDelivery: boolean;
  /** Whether the customer gave an e-mail address: a pickup is announced by mail only then. */
  withMail: boolean;
}) {
  const { company } = useCompany();
  const store = order.store;
  return (
    <ul className="order-notices" aria-label="Antes de confirmar">
      <li>
        Al confirmar, haces un pedido según las{' '}
        <Link to={TERMS_PAGES.generalConditions} target="_blank">
          condiciones generales
        </Link>
        .
      </li>
      <li>
        <strong>{WITHDRAWAL_EXEMPTION}</strong>
      </li>
      <li>
        {GUARANTEE_REMINDER} {DEFECT_NOTICE_REMINDER} Más detalles en las{' '}
        <Link to={TERMS_PAGES.warranty} target="_blank">
          condiciones de garantía
        </Link>
        .
      </li>
      <li>
        {homeDelivery
          ? `Envío a domicilio a la dirección que indicas (solo península): llega ${DELIVERY_TIME} desde el pago.`
          : `Recogida en ${store.name}, ${store.address}, ${store.postalCode} ${store.town}: ${pickupTime(withMail)}.`}
      </li>
      <li>
        Protección de datos: {company ? company.legalName : 'la tienda'} trata tus datos para gestionar tu
        pedido, porque son necesarios para el contrato. Puedes acceder a ellos, rectificarlos, suprimirlos y
        ejercer tus demás derechos
        {company ? ` escribiendo a ${company.email}` : ''}. Más información en la{' '}
        <Link to={TERMS_PAGES.privacy} target="_blank">
          política de privacidad
        </Link>
        .
      </li>
    </ul>
  );
}
