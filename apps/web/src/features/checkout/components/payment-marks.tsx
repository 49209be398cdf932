import { siMastercard, siVisa } from 'simple-icons/icons';

/** A brand's mark from the maintained icon set, in its own colour, named for screen readers. */
function Mark({ icon }: { icon: { title: string; hex: string; path: string } }) {
  return (
    <svg viewBox="0 0 24 24" role="img" aria-label={icon.title} fill={`#${icon.hex}`} focusable="false">
      <path d={icon.path} />
    </svg>
  );
}

/**
 * The ways to pay online: the card networks with their marks, Bizum by name (the icon set has no
 * Bizum mark, and the shop does not draw one of its own).
 */
export function PaymentMarks() {
  return (
    <ul className="payment-marks" aria-label="Formas de pago aceptadas">
      <li>
        <Mark icon={siVisa} />
      </li>
      <li>
        <Mark icon={siMastercard} />
      </li>
      <li>Bizum</li>
    </ul>
  );
}
