import type { LayerBounds } from '@shop/case-render/scene';
import { EMOJI_FONT, fontInfo, type TextLayer } from '@shop/contracts/scene';
import type { KeyboardEvent, RefObject } from 'react';

interface InPlaceTextProps {
  inputRef: RefObject<HTMLInputElement | null>;
  layer: TextLayer;
  /** The text's turned rectangle on the stage, in CSS pixels. */
  bounds: LayerBounds;
  /** The text's font size on the stage, in CSS pixels. */
  fontSize: number;
  value: string;
  /** The message about what was typed, when there is one. */
  describedBy: string | undefined;
  onChange(value: string): void;
  /** Enter, or the field left. */
  onDone(how: 'enter' | 'blur'): void;
  onCancel(): void;
}

/**
 * The field laid exactly over a text on the case: the same face, size, alignment and turn, so the
 * caret and the selection fall on the letters the stage draws. Its own letters are not painted:
 * the stage below draws the text as it will print, from the scene the field changes as it is
 * typed, and a second copy on top would blur it. A real focused input, so phones bring up their
 * keyboard and screen readers announce an edit field.
 */
export function InPlaceText({
  inputRef,
  layer,
  bounds,
  fontSize,
  value,
  describedBy,
  onChange,
  onDone,
  onCancel,
}: InPlaceTextProps) {
  const font = fontInfo(layer.font);
  // Room past the text for the caret and the next letter, on the side the text grows to.
  const room = fontSize;
  const width = bounds.width + room;
  const left =
    layer.align === 'left'
      ? -bounds.width / 2
      : layer.align === 'right'
        ? -bounds.width / 2 - room
        : -width / 2;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      onDone('enter');
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };

  return (
    <div
      className="editor-inplace"
      style={{ left: bounds.cx, top: bounds.cy, transform: `rotate(${bounds.rotation}rad)` }}
    >
      <input
        ref={inputRef}
        className="editor-inplace__field"
        type="text"
        value={value}
        aria-label="Editar texto"
        aria-describedby={describedBy}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="done"
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => onDone('blur')}
        style={{
          left,
          top: -bounds.height / 2,
          width,
          height: bounds.height,
          lineHeight: `${bounds.height}px`,
          fontFamily: `"${font.family}", "${EMOJI_FONT.family}"`,
          fontWeight: font.weight,
          fontSize,
          color: layer.colour,
          caretColor: layer.colour,
          textAlign: layer.align,
        }}
      />
    </div>
  );
}
