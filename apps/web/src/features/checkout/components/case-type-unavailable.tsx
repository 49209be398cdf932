import type { ModelCaseType } from '@shop/contracts/case-types';
import { messages } from '@shop/contracts/messages';
import type { Order } from '@shop/contracts/orders';
import { useCallback, useEffect, useState } from 'react';
import { CaseTypePicker } from '@/components/case-type/case-type-picker';
import { getCaseTypes } from '@/components/case-type/get-case-types';
import { useCaseTypeChoice } from '@/components/case-type/use-case-type-choice';
import { Alert } from '@/components/ui/alert';
import { ApiError } from '@/lib/api-client';

/** The order's type (or its colour) stopped being sold after the order began. */
export const isCaseTypeGone = (failure: unknown): boolean =>
  failure instanceof ApiError &&
  failure.status === 409 &&
  (failure.code === 'CASE_TYPE_NOT_AVAILABLE' || failure.code === 'CASE_COLOUR_NOT_AVAILABLE');

interface CaseTypeUnavailableProps {
  order: Order;
  /** The type was changed: the page fetches the order again (its price follows the new type). Stable. */
  onChanged: () => void;
}

/**
 * The way on when the order's type is no longer sold: the types sold now for the model, to choose
 * another; the page's own alert says why (the server's message).
 */
export function CaseTypeUnavailable({ order, onChanged }: CaseTypeUnavailableProps) {
  const [types, setTypes] = useState<ModelCaseType[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  // What the customer chose here (the order's own type is the one no longer sold).
  const [chosen, setChosen] = useState<{ caseTypeId: number; colourId: number | null } | null>(null);
  const onOrder = useCallback(
    (next: Order) => {
      setChosen({ caseTypeId: next.caseType.id, colourId: next.colour?.id ?? null });
      onChanged();
    },
    [onChanged],
  );
  const choice = useCaseTypeChoice(order.id, onOrder);
  const shown = choice.pending ?? chosen;

  useEffect(() => {
    const controller = new AbortController();
    getCaseTypes(order.model.id, order.store.id, controller.signal).then(setTypes, () => {
      if (!controller.signal.aborted) setLoadFailed(true);
    });
    return () => controller.abort();
  }, [order.model.id, order.store.id]);

  if (loadFailed) return <Alert>{messages.genericRetry}</Alert>;
  if (!types) return null;
  return (
    <section className="case-type-unavailable" aria-label="Elegir otro tipo de funda">
      <CaseTypePicker
        types={types}
        caseTypeId={shown?.caseTypeId ?? -1}
        colourId={shown?.colourId ?? null}
        onChoose={(typeId, colourId) => void choice.choose(typeId, colourId)}
        disabled={choice.pending !== null}
      />
      {choice.error && <Alert>{choice.error}</Alert>}
    </section>
  );
}
