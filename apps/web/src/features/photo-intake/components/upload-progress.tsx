import { useId } from 'react';

/** Its label reads as the 'Subiendo imagen...' spinner of docs/product.md §2.7. */
export const UPLOADING_LABEL = 'Subiendo imagen...';

/**
 * A real progress bar for a photo on its way. Once every byte has left, the server still resizes
 * the photo: the bar turns indeterminate and says so. Put it inside an `aria-live` container: the
 * label is announced once, the moving percentage is not.
 */
export function UploadProgress({ fraction }: { fraction: number }) {
  const id = useId();
  const sent = fraction >= 1;
  const percent = Math.round(fraction * 100);
  return (
    <div className="upload-progress">
      <label className="upload-progress__label" htmlFor={id}>
        {UPLOADING_LABEL}
      </label>
      {/* Keyed: a <progress> that once had a value does not turn indeterminate by losing it. */}
      <progress
        key={sent ? 'processing' : 'sending'}
        id={id}
        className="upload-progress__bar"
        max={100}
        value={sent ? undefined : percent}
      />
      <p className="upload-progress__detail">
        {sent ? 'Preparando tu foto…' : <span aria-hidden="true">{percent} %</span>}
      </p>
    </div>
  );
}
