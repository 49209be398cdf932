import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import type { CaseViewProps } from './case-view-props';
import type { CaseViewerProps } from './case-viewer';

/** Whether the browser can draw the 3D view: three.js needs WebGL 2. The probe's context is given back. */
function hasWebgl2(): boolean {
  try {
    const gl = document.createElement('canvas').getContext('webgl2');
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
    return gl !== null;
  } catch {
    return false;
  }
}

/** Stands in for the 3D view when its code could not be fetched: the flat mock-up shows instead. */
function Unavailable({ onUnavailable }: CaseViewerProps) {
  useEffect(() => onUnavailable(), [onUnavailable]);
  return null;
}

const CaseViewer = lazy(
  (): Promise<{ default: ComponentType<CaseViewerProps> }> =>
    import('./case-viewer').then(
      (module) => ({ default: module.CaseViewer }),
      () => ({ default: Unavailable }),
    ),
);

/**
 * The flat picture of the case the page shows anyway (the editor's stage, the order's design): what
 * the dialog shows where the browser has no WebGL.
 */
function FlatMockup({ flatImageUrl, designImageUrl }: CaseViewProps) {
  const src = flatImageUrl ?? designImageUrl;
  return src ? (
    <img className="case-3d__flat" src={src} alt="Tu funda vista por detrás" data-flat="true" />
  ) : null;
}

/**
 * The case in 3D where the browser can draw it, the flat mock-up otherwise (no WebGL, or it failed):
 * never an error for the customer.
 */
export function CaseView(props: CaseViewProps) {
  const [flat, setFlat] = useState(() => !hasWebgl2());
  if (flat) return <FlatMockup {...props} />;
  return (
    <Suspense fallback={<Spinner label="Cargando la vista 3D…" />}>
      <CaseViewer {...props} onUnavailable={() => setFlat(true)} />
    </Suspense>
  );
}
