import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { StoreSelection, type StoreSelectionState } from '@/features/stores/components/store-selection';
import { kioskHome } from '@/lib/kiosk';

/** `/store`: a screen that sends the visitor here may pass a notice in the history state. */
export function StoreSelectionRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const [notice] = useState(() => (location.state as StoreSelectionState | null)?.notice ?? null);
  // A kiosk stays in its store: the selection would forget the store and that this is a kiosk.
  const [home] = useState(kioskHome);

  useEffect(() => {
    // Shown once: a reload or a later Back to this entry does not repeat it.
    if (location.state) navigate('.', { replace: true, state: null });
  }, [location.state, navigate]);

  if (home) return <Navigate to={home} replace />;
  return <StoreSelection notice={notice} />;
}
