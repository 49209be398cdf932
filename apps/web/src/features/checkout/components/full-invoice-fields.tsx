import { messages } from '@shop/contracts/messages';
import { type FiscalFields, fiscalProblem } from '@shop/contracts/tax-id';
import { type Ref, useEffect, useId, useImperativeHandle, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { getInvoiceRequest, saveInvoiceRequest } from '../api/save-invoice-request';
import { autofillOnThisDevice } from '../lib/autofill';
import { refusalMessage } from '../lib/refusal-message';

/** What the data form asks of this block when it is submitted. */
export interface FullInvoiceHandle {
  /** Checks the fields and saves them (or drops a previous request); false, with the message shown, when wrong. */
  save(): Promise<boolean>;
}

const FIELDS: { name: keyof FiscalFields; label: string; autoComplete: string; hint?: string }[] = [
  {
    name: 'taxId',
    label: 'NIF, NIE o CIF',
    autoComplete: 'off',
    hint: 'Si no eres de España, tu número de IVA con el código del país (por ejemplo, FR12345678901).',
  },
  { name: 'name', label: 'Nombre o razón social', autoComplete: 'organization' },
  { name: 'address', label: 'Dirección fiscal', autoComplete: 'street-address' },
  { name: 'postalCode', label: 'Código postal', autoComplete: 'postal-code' },
  { name: 'city', label: 'Localidad', autoComplete: 'address-level2' },
];

const EMPTY: FiscalFields = { taxId: '', name: '', address: '', postalCode: '', city: '' };

/**
 * 'Necesito factura completa': a full invoice (with the customer's NIF, name and fiscal address)
 * instead of a simplified one. The check digit is verified here and again by the server.
 */
export function FullInvoiceFields({ orderId, ref }: { orderId: string; ref: Ref<FullInvoiceHandle> }) {
  const id = useId();
  const [wanted, setWanted] = useState(false);
  const [data, setData] = useState<FiscalFields>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  /** Whether the order already holds a request (only then does unticking need the server). */
  const [stored, setStored] = useState(false);

  // A reload (or Back from the bank) shows what the order already asks for.
  useEffect(() => {
    const controller = new AbortController();
    getInvoiceRequest(orderId, controller.signal)
      .then((state) => {
        if (!state.data) return;
        setStored(true);
        setWanted(true);
        setData(state.data);
      })
      .catch(() => {});
    return () => controller.abort();
  }, [orderId]);

  useImperativeHandle(ref, () => ({
    async save() {
      setError(null);
      if (wanted) {
        const problem = fiscalProblem(data);
        if (problem) {
          setError(messages[problem]);
          document
            .getElementById(`${id}-${problem === 'fiscalFieldsRequired' ? firstEmpty(data) : 'taxId'}`)
            ?.focus();
          return false;
        }
      }
      if (!wanted && !stored) return true;
      try {
        await saveInvoiceRequest(orderId, wanted ? { fullInvoice: true, ...data } : { fullInvoice: false });
        setStored(wanted);
        return true;
      } catch (failure) {
        setError(refusalMessage(failure, messages.genericRetry));
        return false;
      }
    },
  }));

  return (
    <fieldset className="checkout-form__section">
      <legend className="checkout-form__legend">Factura</legend>
      <label className="full-invoice__toggle" htmlFor={`${id}-wanted`}>
        <input
          id={`${id}-wanted`}
          type="checkbox"
          checked={wanted}
          onChange={(event) => {
            setWanted(event.target.checked);
            setError(null);
          }}
        />{' '}
        Necesito factura completa
      </label>
      {wanted &&
        FIELDS.map((f) => (
          <div className="field" key={f.name}>
            <label className="field__label" htmlFor={`${id}-${f.name}`}>
              {f.label}
              <span className="field__required" aria-hidden="true">
                *
              </span>
            </label>
            <input
              id={`${id}-${f.name}`}
              className="input"
              name={`fiscal-${f.name}`}
              autoComplete={autofillOnThisDevice(f.autoComplete)}
              required
              aria-invalid={error !== null && (f.name === 'taxId' || !data[f.name].trim()) ? true : undefined}
              aria-describedby={
                [f.hint ? `${id}-${f.name}-hint` : '', error ? `${id}-error` : ''].join(' ').trim() ||
                undefined
              }
              value={data[f.name]}
              onChange={(event) => setData({ ...data, [f.name]: event.target.value })}
            />
            {f.hint && (
              <p id={`${id}-${f.name}-hint`} className="checkout-form__hint">
                {f.hint}
              </p>
            )}
          </div>
        ))}
      {error && (
        <div id={`${id}-error`}>
          <Alert>{error}</Alert>
        </div>
      )}
    </fieldset>
  );
}

const firstEmpty = (d: FiscalFields): keyof FiscalFields =>
  (Object.keys(EMPTY) as (keyof FiscalFields)[]).find((k) => !d[k].trim()) ?? 'taxId';
