import type { ModelCaseType } from '@shop/contracts/case-types';
import type { Order } from '@shop/contracts/orders';
import { type RefObject, useCallback, useMemo, useState } from 'react';
import type { CaseTypePickerProps } from '@/components/case-type/case-type-picker';
import { getCaseTypes } from '@/components/case-type/get-case-types';
import { useCaseTypeChoice } from '@/components/case-type/use-case-type-choice';
import type { CaseLook } from '../lib/draw';

export interface EditorCaseType {
  /** The chosen type's colour and clearness, for the case on the stage. */
  look: CaseLook;
  /** The picker's props; null when there is nothing to choose. */
  picker: Omit<CaseTypePickerProps, 'disabled'> | null;
  /** Why the last choice was refused, in Spanish. */
  error: string | null;
  /** Reads the types sold now again (after the server said the order's type is not sold any more). */
  refresh: () => void;
}

/**
 * The order's case type in the editor: the model's types (read with the model when the editor
 * opened), the choice sent to the server, and what the stage shows of it. Only the type, its
 * colour and the price change on the order: its photos and design are the editor's own.
 */
export function useEditorCaseType(
  initialTypes: ModelCaseType[],
  order: Order,
  orderRef: RefObject<Order & { image: string }>,
  setOrder: (order: Order & { image: string }) => void,
): EditorCaseType {
  const [types, setTypes] = useState(initialTypes);
  const onOrder = useCallback(
    (next: Order) => {
      const updated = {
        ...orderRef.current,
        caseType: next.caseType,
        colour: next.colour,
        total: next.total,
      };
      orderRef.current = updated;
      setOrder(updated);
    },
    [orderRef, setOrder],
  );
  const choice = useCaseTypeChoice(order.id, onOrder);
  const look = useMemo<CaseLook>(
    () => ({ body: order.colour?.hex ?? null, clear: order.caseType.clear }),
    [order.colour?.hex, order.caseType.clear],
  );
  const { id: modelId } = order.model;
  const { id: storeId } = order.store;
  const refresh = useCallback(() => {
    getCaseTypes(modelId, storeId).then(setTypes, () => undefined);
  }, [modelId, storeId]);

  // Nothing to choose for a model sold in one type without colours, unless the order's type is no
  // longer that one.
  const only = types.length === 1 ? types[0]! : null;
  const shown = types.length > 1 || (only && (only.colours.length > 0 || only.id !== order.caseType.id));
  const picker = shown
    ? {
        types,
        caseTypeId: choice.pending?.caseTypeId ?? order.caseType.id,
        colourId: choice.pending ? choice.pending.colourId : (order.colour?.id ?? null),
        onChoose: (typeId: number, colourId: number | null) => void choice.choose(typeId, colourId),
      }
    : null;
  return { look, picker, error: choice.error, refresh };
}
