import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { DesignEditor } from '@/features/editor/components/design-editor';
import { useCompany } from '@/features/pages/api/get-config';
import { getSessionValue, removeSessionValues, setSessionValue } from '@/lib/session';

/**
 * `/editor-edicion`. The shop's WhatsApp number for 'Asistencia' comes from the company data the
 * layout already loads (pages feature), handed to the editor here, so neither feature imports the other.
 */
export function EditorEditRoute() {
  const navigate = useNavigate();
  const [orderId] = useState(() => getSessionValue('order_id'));
  const [storeHref] = useState(() => paths.store(getSessionValue('store_url')));
  const { company } = useCompany();

  const backToPhoto = useCallback(() => navigate(paths.editorModel, { replace: true }), [navigate]);
  const ordered = useCallback(() => {
    setSessionValue('payment_method', 'paystore');
    navigate(paths.payAtStore);
  }, [navigate]);
  const photoRemoved = useCallback(() => navigate(paths.editorModel), [navigate]);
  // A placed order stays as it is; another case is a new order, from the store's brands.
  const startAgain = useCallback(() => {
    removeSessionValues('order_id', 'payment_method', 'delivery_method');
    navigate(storeHref);
  }, [navigate, storeHref]);

  return (
    <DesignEditor
      orderId={orderId}
      storeHref={storeHref}
      whatsapp={company?.whatsapp ?? null}
      whatsappDisplay={company?.whatsappDisplay ?? null}
      onNoPhoto={backToPhoto}
      onOrdered={ordered}
      onPhotoRemoved={photoRemoved}
      onStartAgain={startAgain}
      orderHref={paths.orderData}
    />
  );
}
