/**
 * The design editor's controller, in plain TypeScript: EditorCore's scene, history and selection,
 * with every command the screen offers (photos, layout, background, filters, texts, stickers,
 * typing on the case). Pointer and keyboard handlers call its methods; nothing here touches the
 * DOM, so the unit tests drive it as the screen does, without a browser.
 */
import { messages } from '@shop/contracts/messages';
import {
  type FilterId,
  type Layer,
  type LayoutId,
  type Scene,
  STICKER_SIZE,
  type TextLayer,
} from '@shop/contracts/scene';
import { EditorCore } from './editor-core';
import { type History, replace } from './history';
import {
  addLayer,
  canAddLayer,
  changeLayout,
  coverageOf,
  newLayerId,
  newLayerPosition,
  placePhoto,
  removeLayer,
  reorderLayer,
  setBackground,
  setFilter,
  updateLayer,
} from './scene-edit';
import { typed } from './text-input';

export type { EditorSnapshot, Selection } from './editor-core';

/** A new text's own fields; where it goes and its id are the editor's choice. */
export type TextFields = Omit<TextLayer, 'kind' | 'id' | 'x' | 'y' | 'rotation'>;

/** Keystrokes closer together than this in one text make one step of the history. */
export const TYPING_STEP_MS = 1000;

/** A text typed on the case: the whole session is one step of the history. */
interface TextSession {
  id: string;
  /** The history as it was before the first keystroke: Escape goes back to it. */
  before: History<Scene>;
  /** Whether the session has made its step in the history yet. */
  recorded: boolean;
  field: string;
}

export class SceneEditor extends EditorCore {
  #session: TextSession | null = null;
  #typing: { id: string; at: number } | null = null;

  // --- the panels' commands -----------------------------------------------------------------------

  /** Puts a photo in a cell, covering it, and selects that cell. False when its size is unknown. */
  putPhoto(uri: string, index: number): boolean {
    const size = this.sizeOf(uri);
    if (!size) return false;
    this.update((s) => {
      const cell = coverageOf(s, this.box)[index];
      return cell ? placePhoto(s, index, uri, cell, size) : s;
    });
    this.select({ slot: index, layer: null });
    return true;
  }

  setLayout(layout: LayoutId): void {
    this.update((s) => changeLayout(s, layout, coverageOf({ ...s, layout }, this.box), this.sizeOf));
  }

  setBackground(colour: string): void {
    this.update((s) => setBackground(s, colour));
  }

  /** The selected cell's filter. */
  setFilter(filter: FilterId): void {
    const { slot } = this.selected;
    this.update((s) => setFilter(s, slot, filter));
  }

  /** A new text in the middle of the case, selected. False when the case has all the layers it may. */
  addText(fields: TextFields): boolean {
    const id = newLayerId(this.scene);
    return this.#addLayer({ ...fields, kind: 'text', id, rotation: 0, ...newLayerPosition(this.scene) });
  }

  /** A new sticker, selected. False when the case has all the layers it may. */
  addSticker(sticker: string): boolean {
    const id = newLayerId(this.scene);
    const size = STICKER_SIZE.initial;
    return this.#addLayer({
      kind: 'sticker',
      id,
      sticker,
      size,
      rotation: 0,
      ...newLayerPosition(this.scene),
    });
  }

  /**
   * The 'Texto' panel's change of the selected text. A burst of typing in the same text (keys less
   * than TYPING_STEP_MS apart) is one step to undo. `now`: the keystroke's time in ms.
   */
  editSelectedText(patch: Partial<TextLayer>, now: number): void {
    const id = this.selected.layer;
    if (!id) return;
    const last = this.#typing;
    const burst = 'text' in patch && last?.id === id && now - last.at < TYPING_STEP_MS;
    this.#typing = 'text' in patch ? { id, at: now } : null;
    if (!burst) {
      this.update((s) => updateLayer(s, id, patch));
      return;
    }
    this.update((s) => updateLayer(s, id, patch), { commit: false });
    this.setHistory(replace(this.history, this.scene));
  }

  /** Takes a layer off the case; nothing stays selected over its cell. */
  removeLayer(id: string): void {
    this.update((s) => removeLayer(s, id));
    this.select({ slot: this.selected.slot, layer: null });
  }

  /** 'Subir' (+1) and 'Bajar' (-1). */
  reorderLayer(id: string, delta: 1 | -1): void {
    this.update((s) => reorderLayer(s, id, delta));
  }

  // --- typing on the case -------------------------------------------------------------------------

  /** Opens the field over a text (selecting it). False when it is not a text. */
  startTyping(id: string): boolean {
    const layer = this.scene.layers.find((l) => l.id === id);
    if (layer?.kind !== 'text') return false;
    if (this.#session?.id === id) return true;
    this.#session = { id, before: this.history, recorded: false, field: layer.text };
    this.selected = { slot: this.selected.slot, layer: id };
    this.editing = { id, value: layer.text };
    this.notice = null;
    this.changed();
    return true;
  }

  /** What the field over the text now holds: the text follows it by the rules of lib/text-input. */
  type(value: string): void {
    const session = this.#session;
    if (!session) return;
    const result = typed(value);
    let message = result.message;
    if (result.text !== null) {
      const text = result.text;
      const kept = this.update((s) => updateLayer(s, session.id, { text }), { commit: !session.recorded });
      if (!kept) message = messages.textDoesNotFit;
      else if (!session.recorded) session.recorded = true;
      else this.history = replace(this.history, this.scene);
      if (kept) session.field = result.field ?? session.field;
    } else if (result.field !== null) {
      session.field = result.field;
    }
    this.editing = { id: session.id, value: session.field };
    this.notice = message;
    this.changed();
  }

  /**
   * Closes the field. Enter or leaving it keeps what was typed; Escape ('cancel'), or a field left
   * empty (a text always has a character), puts the history back as it was before, so nothing of
   * the session is left to undo or redo.
   */
  stopTyping(how: 'keep' | 'cancel'): void {
    const session = this.#session;
    if (!session) return;
    this.#session = null;
    const empty = session.field.trim() === '';
    if ((how === 'cancel' || empty) && session.recorded) {
      this.history = session.before;
      this.scene = session.before.present;
    }
    this.editing = null;
    this.notice = how === 'keep' && empty ? messages.textEmptyRestored : null;
    this.normaliseSelection();
    this.changed();
  }

  #addLayer(layer: Layer): boolean {
    if (!canAddLayer(this.scene)) return false;
    this.update((s) => addLayer(s, layer));
    this.select({ slot: this.selected.slot, layer: layer.id });
    return true;
  }

  /** A text gone while its field is open (taken away, or undone): the field goes too. */
  protected override settle(): void {
    const session = this.#session;
    if (session && !this.scene.layers.some((l) => l.id === session.id)) {
      this.#session = null;
      this.editing = null;
    }
  }
}
