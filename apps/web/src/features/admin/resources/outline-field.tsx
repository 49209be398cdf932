import { MAX_LENSES, type Outline } from '@shop/contracts/catalogue';
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
/** The measurements as typed, and the camera's lenses (optional: the mock-up guesses from the shape). */
export type OutlineText = Record<OutlineKey, string> & { lenses: string };

const mm = (value: number | undefined) => (value === undefined ? '' : String(value).replace('.', ','));

export function outlineText(outline: Outline | null): OutlineText {
  const measures = Object.fromEntries(
    OUTLINE_FIELDS.map(([key]) => {
      const [a, b] = key.split('.') as [keyof Outline, string?];
      const part = outline?.[a];
      const value = b ? (part as Record<string, number> | undefined)?.[b] : (part as number | undefined);
      return [key, mm(value)];
    }),
  ) as Record<OutlineKey, string>;
  return { ...measures, lenses: outline?.camera.lenses ? String(outline.camera.lenses) : '' };
}

/** All empty: no outline. All numbers: the outline. Anything else: a message for the form. */
export function readOutline(text: OutlineText): Outline | null | string {
  const values = OUTLINE_FIELDS.map(([key]) => text[key].trim());
  const lenses = text.lenses.trim();
  if (values.every((v) => v === '') && lenses === '') return null;
  if (OUTLINE_FIELDS.some(([key]) => !/^\d+([.,]\d+)?$/.test(text[key].trim()))) {
    return 'Complete todas las medidas en milímetros (por ejemplo 71,5) o déjelas todas vacías.';
  }
  if (lenses !== '' && !(/^\d$/.test(lenses) && Number(lenses) >= 1 && Number(lenses) <= MAX_LENSES)) {
    return `El número de objetivos de la cámara va de 1 a ${MAX_LENSES}, o se deja vacío.`;
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
      ...(lenses ? { lenses: Number(lenses) } : {}),
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
        <TextField
          label="Cámara: número de objetivos (opcional)"
          hint="Los que dibuja la foto del modelo; vacío: según la forma de la cámara."
          value={value.lenses}
          inputMode="numeric"
          autoComplete="off"
          readOnly={readOnly}
          aria-invalid={error ? true : undefined}
          onChange={(text) => onChange({ ...value, lenses: text })}
        />
      </div>
      {error && <p className="admin-field-error">{error}</p>}
    </details>
  );
}
