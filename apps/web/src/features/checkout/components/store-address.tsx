import type { Order } from '@shop/contracts/orders';

type StoreData = Order['store'];

/** The store's postal address on three lines: name, street, "postal code town (province)". */
export function StoreAddress({ store }: { store: StoreData }) {
  return (
    <address className="store-address">
      <strong className="store-address__name">{store.name}</strong>
      <span>{store.address}</span>
      <span>
        {store.postalCode} {store.town} ({store.province})
      </span>
    </address>
  );
}

/** The store's data as the confirmation lists it (docs/product.md §2.12): name, address, town, province, postal code. */
export function StoreDetails({ store }: { store: StoreData }) {
  return (
    <div className="store-address store-details-list">
      <strong className="store-address__name">{store.name}</strong>
      <dl>
        <div>
          <dt>Dirección</dt>
          <dd>{store.address}</dd>
        </div>
        <div>
          <dt>Localidad</dt>
          <dd>{store.town}</dd>
        </div>
        <div>
          <dt>Provincia</dt>
          <dd>{store.province}</dd>
        </div>
        <div>
          <dt>Código postal</dt>
          <dd>{store.postalCode}</dd>
        </div>
      </dl>
    </div>
  );
}
