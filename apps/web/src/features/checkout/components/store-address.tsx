import type { Order } from '@shop/contracts/orders';

/** The store's postal address, in the order spec point 2 gives for the confirmation. */
export function StoreAddress({ store }: { store: Order['store'] }) {
  return (
    <address className="store-address">
      <strong className="store-address__name">{store.name}</strong>
      <span>{store.address}</span>
      <span>{store.town}</span>
      <span>{store.province}</span>
      <span>{store.postalCode}</span>
    </address>
  );
}
