import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useCompany } from '@/features/pages/api/get-config';
import { EditorModelScreen } from '@/features/photo-intake/components/editor-model-screen';
import { getSessionValue } from '@/lib/session';

/** `/editor-modelo`: the session's order gets its photo, then the positioning screen takes over. */
export function EditorModelRoute() {
  const navigate = useNavigate();
  const [session] = useState(() => ({
    orderId: getSessionValue('order_id'),
    kiosk: getSessionValue('from_url') === 'screen',
    storeHref: paths.store(getSessionValue('store_url')),
  }));
  // Replacing this screen in the history: Back from the editor returns to the models, not to a
  // screen that would send the customer straight forward again.
  const { company } = useCompany();
  const toEditor = useCallback(() => navigate(paths.editorEdit, { replace: true }), [navigate]);

  return (
    <EditorModelScreen
      orderId={session.orderId}
      kiosk={session.kiosk}
      storeHref={session.storeHref}
      onPhotoReady={toEditor}
      company={company}
    />
  );
}
