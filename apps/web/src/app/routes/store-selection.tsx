import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { StoreSelection, type StoreSelectionState } from '@/features/stores/components/store-selection';

/** `/store`: a screen that sends the visitor here may pass a notice in the history state. */
export function StoreSelectionRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const [notice] = useState(() => (location.state as StoreSelectionState | null)?.notice ?? null);

  useEffect(() => {
    // Shown once: a reload or a later Back to this entry does not repeat it.
    if (location.state) navigate('.', { replace: true, state: null });
  }, [location.state, navigate]);

  return <StoreSelection notice={notice} />;
}
