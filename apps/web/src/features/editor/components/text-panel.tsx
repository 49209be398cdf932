import { messages } from '@shop/contracts/messages';
import {
  EMOJI_FONT,
  FONTS,
  type FontId,
  fontInfo,
  MAX_TEXT_LENGTH,
  TEXT_COLOURS,
  TEXT_SIZE,
  type TextLayer,
  textLength,
} from '@shop/contracts/scene';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { loadFont } from '../lib/fonts';
import type { TextFields } from '../lib/scene-editor';
import { typed } from '../lib/text-input';
import '@/styles/editor-panels.css';

interface TextPanelProps {
  /** The text being edited, or null to write a new one. */
  layer: TextLayer | null;
  onAdd(fields: TextFields): void;
  onChange(patch: Partial<TextLayer>): void;
  onDelete(): void;
}

const COLOUR_NAMES: Record<string, string> = {
  '#ffffff': 'Blanco',
  '#111111': 'Negro',
  '#e63946': 'Rojo',
  '#f4a261': 'Naranja',
  '#ffd166': 'Amarillo',
  '#2a9d8f': 'Verde azulado',
  '#3a86ff': 'Azul',
  '#8338ec': 'Morado',
  '#ff70a6': 'Rosa',
};

const ALIGNMENTS: { id: TextLayer['align']; label: string }[] = [
  { id: 'left', label: 'Izquierda' },
  { id: 'center', label: 'Centro' },
  { id: 'right', label: 'Derecha' },
];

const NEW_TEXT: TextFields = {
  text: '',
  font: 'montserrat',
  size: TEXT_SIZE.initial,
  colour: '#111111',
  align: 'center',
};

/** The CSS font family of a face as the panel shows it: the face, the emoji face, the page's font. */
const familyOf = (font: FontId): string =>
  `"${fontInfo(font).family}", "${EMOJI_FONT.family}", var(--font-sans)`;

/**
 * The 'Texto' panel of the editor: writes a new text (then 'Añadir texto') or changes the selected
 * one as the customer edits (font, colour, size, alignment), and deletes it.
 */
export function TextPanel({ layer, onAdd, onChange, onDelete }: TextPanelProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<TextFields>(NEW_TEXT);
  const [text, setText] = useState(layer?.text ?? '');
  const [message, setMessage] = useState<string | null>(null);

  // The text field follows the selected layer (another selection, undo); while the customer types,
  // the layer follows the field instead, except when the field is empty (a text needs a character).
  const source = layer ? `${layer.id}\n${layer.text}` : null;
  const [syncedWith, setSyncedWith] = useState(source);
  if (source !== syncedWith) {
    const sameLayer = layer !== null && syncedWith?.startsWith(`${layer.id}\n`);
    setSyncedWith(source);
    if (!layer || !sameLayer || layer.text !== text) {
      // Another text selected, an undo, or back to a new text (which starts blank).
      setText(layer?.text ?? '');
      setMessage(null);
    }
  }

  // Each font's name is shown in its own face: the faces are fetched once, as the panel opens.
  useEffect(() => {
    for (const font of FONTS) {
      // A face that fails to arrive only leaves its name in the page's font here; drawing the text
      // loads it again and reports the failure there.
      loadFont(font.id).catch(() => {});
    }
  }, []);

  const fields: TextFields = layer
    ? { text: layer.text, font: layer.font, size: layer.size, colour: layer.colour, align: layer.align }
    : draft;

  const change = (patch: Partial<TextFields>) => {
    if (layer) onChange(patch);
    else setDraft((d) => ({ ...d, ...patch }));
  };

  const onText = (event: ChangeEvent<HTMLInputElement>) => {
    const result = typed(event.target.value);
    setMessage(result.message);
    if (result.field === null) return;
    setText(result.field);
    // A new text may be blank while it is written; it is checked when added.
    if (!layer && result.message === messages.textEmpty) setMessage(null);
    if (layer && result.text !== null) onChange({ text: result.text });
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    // Enter in the field of a selected text only confirms it: each change is already applied.
    if (layer) return;
    if (text.trim() === '') {
      setMessage(messages.textEmpty);
      inputRef.current?.focus();
      return;
    }
    onAdd({ ...draft, text });
    setText('');
    setMessage(null);
  };

  const count = textLength(text);
  const inPalette = (TEXT_COLOURS as readonly string[]).includes(fields.colour.toLowerCase());

  return (
    <section className="editor-panel text-panel" aria-labelledby={`${id}-title`}>
      <h2 className="editor-panel__title" id={`${id}-title`}>
        {layer ? 'Cambia el texto' : 'Escribe un texto'}
      </h2>
      <form className="editor-panel__form" onSubmit={add} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-text`}>
            Tu texto
          </label>
          <input
            ref={inputRef}
            id={`${id}-text`}
            className="input text-panel__input"
            type="text"
            value={text}
            onChange={onText}
            autoComplete="off"
            enterKeyHint={layer ? 'done' : 'enter'}
            aria-describedby={`${id}-count${message ? ` ${id}-message` : ''}`}
            aria-invalid={message === messages.textEmpty || undefined}
            style={{ fontFamily: familyOf(fields.font), fontWeight: fontInfo(fields.font).weight }}
          />
          <p className="text-panel__count" id={`${id}-count`}>
            <span aria-hidden="true">
              {count}/{MAX_TEXT_LENGTH}
            </span>
            <span className="visually-hidden">
              {count} de {MAX_TEXT_LENGTH} caracteres
            </span>
          </p>
          <p className="editor-panel__message" id={`${id}-message`} role="alert">
            {message}
          </p>
        </div>

        <fieldset className="editor-panel__group">
          <legend className="field__label">Tipo de letra</legend>
          <div className="text-panel__fonts">
            {FONTS.map((font) => (
              <label key={font.id} className="text-panel__font">
                <input
                  className="editor-panel__choice"
                  type="radio"
                  name={`${id}-font`}
                  value={font.id}
                  checked={fields.font === font.id}
                  onChange={() => change({ font: font.id })}
                />
                <span style={{ fontFamily: familyOf(font.id), fontWeight: font.weight }}>{font.label}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset className="editor-panel__group">
          <legend className="field__label">Color</legend>
          <div className="text-panel__colours">
            {TEXT_COLOURS.map((colour) => (
              <label key={colour} className="text-panel__colour" title={COLOUR_NAMES[colour] ?? colour}>
                <input
                  className="editor-panel__choice"
                  type="radio"
                  name={`${id}-colour`}
                  value={colour}
                  checked={fields.colour.toLowerCase() === colour}
                  onChange={() => change({ colour })}
                />
                <span className="text-panel__swatch" style={{ background: colour }} aria-hidden="true" />
                <span className="visually-hidden">{COLOUR_NAMES[colour] ?? colour}</span>
              </label>
            ))}
            <label
              className={`text-panel__colour text-panel__colour--free${inPalette ? '' : ' is-selected'}`}
              title="Otro color"
            >
              <input
                type="color"
                value={fields.colour.toLowerCase()}
                onChange={(e) => change({ colour: e.target.value })}
              />
              <span className="visually-hidden">Otro color</span>
            </label>
          </div>
        </fieldset>

        <div className="field">
          <label className="field__label" htmlFor={`${id}-size`}>
            Tamaño
          </label>
          <div className="text-panel__size">
            <span aria-hidden="true">Pequeño</span>
            <input
              id={`${id}-size`}
              type="range"
              min={TEXT_SIZE.min}
              max={TEXT_SIZE.max}
              step={0.01}
              value={fields.size}
              aria-valuetext={`${Math.round(fields.size * 100)} % del ancho de la funda`}
              onChange={(e) => change({ size: Number(e.target.value) })}
            />
            <span aria-hidden="true">Grande</span>
          </div>
        </div>

        <fieldset className="editor-panel__group">
          <legend className="field__label">Alineación</legend>
          <div className="editor-panel__segmented">
            {ALIGNMENTS.map((a) => (
              <label key={a.id} className="editor-panel__segment">
                <input
                  className="editor-panel__choice"
                  type="radio"
                  name={`${id}-align`}
                  value={a.id}
                  checked={fields.align === a.id}
                  onChange={() => change({ align: a.id })}
                />
                <span>{a.label}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <div className="editor-panel__actions">
          {/* Keys: not the same element, or the delete click would go on to submit the form it becomes. */}
          {layer ? (
            <button key="delete" type="button" className="button button--secondary" onClick={onDelete}>
              Eliminar texto
            </button>
          ) : (
            <button key="add" type="submit" className="button button--primary">
              Añadir texto
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
