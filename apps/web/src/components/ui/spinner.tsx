interface SpinnerProps {
  label: string;
  inline?: boolean;
}

export function Spinner({ label, inline = false }: SpinnerProps) {
  return (
    <div className={inline ? 'spinner spinner--inline' : 'spinner'} role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
