import type { ModelCaseType } from '@shop/contracts/case-types';
import { formatEuros } from '@shop/contracts/money';
import { useId } from 'react';
import { priceDifference } from '@/lib/signed-euros';
import '@/styles/case-type.css';

export interface CaseTypePickerProps {
  /** The model's types, the default first (its price is what the differences are measured from). */
  types: ModelCaseType[];
  caseTypeId: number;
  colourId: number | null;
  onChoose: (caseTypeId: number, colourId: number | null) => void;
  disabled?: boolean;
}

/**
 * The case type and its colour: two radio groups (the colours only for a type that has them), each
 * type with its price and what it adds over the default, each colour a swatch with its name.
 */
export function CaseTypePicker({
  types,
  caseTypeId,
  colourId,
  onChoose,
  disabled = false,
}: CaseTypePickerProps) {
  const id = useId();
  const base = types[0]?.price ?? 0;
  const chosen = types.find((t) => t.id === caseTypeId) ?? null;
  const colour = chosen?.colours.find((c) => c.id === colourId) ?? null;

  function pickType(type: ModelCaseType) {
    // A colour of the earlier type does not carry over: the new type's first colour, when it has any.
    const keep = type.colours.some((c) => c.id === colourId) ? colourId : (type.colours[0]?.id ?? null);
    onChoose(type.id, keep);
  }

  return (
    <div className="case-type-picker">
      <fieldset className="case-types" disabled={disabled}>
        <legend className="case-types__legend">Tipo de funda</legend>
        <div className="case-types__list">
          {types.map((type) => {
            const difference = priceDifference(type.price, base);
            return (
              <label key={type.id} className="case-type" title={type.description || undefined}>
                <input
                  className="case-type__input"
                  type="radio"
                  name={`${id}-type`}
                  value={type.id}
                  checked={type.id === caseTypeId}
                  onChange={() => pickType(type)}
                />
                <span className="case-type__name">{type.name}</span>{' '}
                <span className="case-type__price">
                  {formatEuros(type.price)}
                  {difference && <span className="case-type__difference"> ({difference})</span>}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {chosen && chosen.colours.length > 0 && (
        <fieldset className="case-colours" disabled={disabled}>
          <legend className="case-colours__legend">
            Color<span className="case-colours__current">{colour ? `: ${colour.name}` : ''}</span>
          </legend>
          <div className="case-colours__list">
            {chosen.colours.map((c) => (
              <label key={c.id} className="case-colour" title={c.name}>
                <input
                  className="case-colour__input"
                  type="radio"
                  name={`${id}-colour`}
                  value={c.id}
                  aria-label={c.name}
                  checked={c.id === colourId}
                  onChange={() => onChoose(chosen.id, c.id)}
                />
                <span className="case-colour__swatch" style={{ backgroundColor: c.hex }} aria-hidden="true" />
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </div>
  );
}
