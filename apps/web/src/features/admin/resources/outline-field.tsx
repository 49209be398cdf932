import type { Outline } from '@shop/contracts/catalogue';
import { TextField } from '../components/ui/text-field';

/** The outline's fields as typed (millimetres, decimal comma or point). */
const OUTLINE_FIELDS = [
  ['widthMm', 'Ancho'],
  ['heightMm', 'Alto'],
  ['cornerRadiusMm', 'Radio de las esquinas'],
  ['camera.xMm', 'Cámara: distancia al borde izquierdo'],
  ['camera.yMm', 'Cámara: distancia al borde superior'],
  ['camera.widthMm', 'Cámara: ancho'],
  ['camera.heightMm', 'Cámara: alto'],
  ['camera.cornerRadiusMm', 'Cámara: radio de las esquinas'],
] as const;

type OutlineKey = (typeof OUTLINE_FIELDS)[number][0];
export type OutlineText = Record<OutlineKey, string>;

const mm = (value: number | undefined) => (value === undefined ? '' : String(value).replace('.', ','));

export function outlineText(outline: Outline | null): OutlineText {
  return Object.fromEntries(
    OUTLINE_FIELDS.map(([key]) => {
      const [a, b] = key.split('.') as [keyof Outline, string?];
      const part = outline?.[a];
      const value = b ? (part as Record<string, number> | undefined)?.[b] : (part as number | undefined);
      return [key, mm(value)];
    }),
  ) as OutlineText;
}

/** All empty: no outline. All numbers: the outline. Anything else: a message for the form. */
export function readOutline(text: OutlineText): Outline | null | string {
  const values = Object.values(text).map((v) => v.trim());
  if (values.every((v) => v === '')) return null;
  if (OUTLINE_FIELDS.some(([key]) => !/^\d+([.,]\d+)?$/.test(text[key].trim()))) {
    return 'Complete todas las medidas en milímetros (por ejemplo 71,5) o déjelas todas vacías.';
  }
  const n = (key: OutlineKey) => Number(text[key].trim().replace(',', '.'));
  return {
    widthMm: n('widthMm'),
    heightMm: n('heightMm'),
    cornerRadiusMm: n('cornerRadiusMm'),
    camera: {
      xMm: n('camera.xMm'),
      yMm: n('camera.yMm'),
      widthMm: n('camera.widthMm'),
      heightMm: n('camera.heightMm'),
      cornerRadiusMm: n('camera.cornerRadiusMm'),
    },
  };
}

interface OutlineFieldProps {
  value: OutlineText;
  onChange: (value: OutlineText) => void;
  error: string | null;
  readOnly: boolean;
  /** Open at first: an existing model without measurements cannot be printed. */
  open: boolean;
}

/** The phone's measurements for the print file, folded away until needed. */
export function OutlineField({ value, onChange, error, readOnly, open }: OutlineFieldProps) {
  return (
    <details className="admin-details" open={open || Boolean(error)}>
      <summary>Medidas del móvil para imprimir (mm)</summary>
      <p className="admin-hint">
        Sin medidas no se puede generar el archivo de impresión de los pedidos de este modelo.
      </p>
      <div className="admin-outline-grid">
        {OUTLINE_FIELDS.map(([key, label]) => (
          <TextField
            key={key}
            label={label}
            value={value[key]}
            inputMode="decimal"
            autoComplete="off"
            readOnly={readOnly}
            aria-invalid={error ? true : undefined}
            onChange={(text) => onChange({ ...value, [key]: text })}
          />
        ))}
      </div>
      {error && <p className="admin-field-error">{error}</p>}
    </details>
  );
}
