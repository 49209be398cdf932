/**
 * The heart of the design editor's controller (see SceneEditor, which adds the panels' commands):
 * the scene, as committed in the history and as drawn now (which runs ahead of it during a
 * gesture), the selection and what the customer is told about texts. React renders its snapshot
 * (`useSyncExternalStore(editor.subscribe, editor.getSnapshot)`) and the canvas repaints on
 * `onDraw`. Nothing here touches the DOM.
 */
import { fitToTemplate } from '@shop/case-geometry/commands/fit';
import type { Slot } from '@shop/case-geometry/coverage';
import type { PxSize } from '@shop/case-geometry/outline';
import { messages } from '@shop/contracts/messages';
import type { Scene } from '@shop/contracts/scene';
import { canRedo, canUndo, createHistory, type History, record, redo, replace, undo } from './history';
import {
  applyToSlot,
  coverageOf,
  type EditorCommand,
  keepTextsInside,
  restorePlacements,
  type TextFit,
} from './scene-edit';

/** What is selected: a slot (the toolbar's target) and, over it, maybe a text or sticker layer. */
export interface Selection {
  slot: number;
  layer: string | null;
}

/** What React renders: a new object after every change it shows (never after a gesture's steps). */
export interface EditorSnapshot {
  readonly history: History<Scene>;
  /** Always a slot of the scene and, when set, one of its layers. */
  readonly selection: Selection;
  /** What the customer should know about the text just changed (cut, refused, put back). */
  readonly notice: string | null;
  /** The text being typed on the case and what its field shows, or null. */
  readonly editing: { id: string; value: string } | null;
}

export interface SceneEditorOptions {
  /** The scene to start from (a restored draft, or a new one). */
  scene: Scene;
  /** The case's box in template pixels: every cell's coverage is measured in it. */
  box: PxSize;
  /** A photo's size for the geometry: the ORIGINAL's (what the server checks and prints from). */
  sizeOf: (uri: string) => PxSize | null;
  /** Texts kept inside the printable area (lib/text-fit.ts measures them as the server does). */
  fitText: TextFit;
}

export class EditorCore {
  protected readonly box: PxSize;
  protected readonly sizeOf: (uri: string) => PxSize | null;
  protected readonly fitText: TextFit;
  protected history: History<Scene>;
  protected scene: Scene;
  protected selected: Selection = { slot: 0, layer: null };
  protected notice: string | null = null;
  protected editing: EditorSnapshot['editing'] = null;
  #fitTimer: ReturnType<typeof setTimeout> | undefined;
  #snapshot: EditorSnapshot;
  readonly #listeners = new Set<() => void>();
  readonly #painters = new Set<() => void>();

  constructor({ scene, box, sizeOf, fitText }: SceneEditorOptions) {
    this.box = box;
    this.sizeOf = sizeOf;
    this.fitText = fitText;
    const start = restorePlacements(scene, coverageOf(scene, box), sizeOf);
    this.history = createHistory(start);
    this.scene = start;
    this.#snapshot = this.freeze();
  }

  // --- reading ----------------------------------------------------------------------------------

  /** The scene as drawn now: during a gesture it runs ahead of the history's present. */
  get live(): Scene {
    return this.scene;
  }

  get selection(): Selection {
    return this.selected;
  }

  getSnapshot = (): EditorSnapshot => this.#snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  /** Called whenever what is drawn (the live scene or the selection) changes: the canvas repaints. */
  onDraw(painter: () => void): () => void {
    this.#painters.add(painter);
    return () => {
      this.#painters.delete(painter);
    };
  }

  get canUndo(): boolean {
    return canUndo(this.history);
  }

  get canRedo(): boolean {
    return canRedo(this.history);
  }

  /** Each cell's coverage rule for a scene (the live one by default). */
  coverage(scene: Scene = this.scene): Slot[] {
    return coverageOf(scene, this.box);
  }

  // --- the core: changes, history, selection ------------------------------------------------------

  /**
   * Changes the live scene and repaints; the texts it touched are kept inside the printable area.
   * `commit: false` is for the steps of a gesture (`commit()` records the whole gesture as one
   * step). False when a text could not be kept inside: that part of the change was refused.
   */
  update(change: (scene: Scene) => Scene, { commit = true } = {}): boolean {
    // Whatever the customer does first wins over the pending fit-on-load.
    clearTimeout(this.#fitTimer);
    const previous = this.scene;
    const kept = keepTextsInside(change(previous), previous, this.fitText);
    this.scene = kept.scene;
    if (commit) this.history = record(this.history, kept.scene);
    const notice = kept.touched ? (kept.refused ? messages.textDoesNotFit : null) : this.notice;
    const told = notice !== this.notice;
    this.notice = notice;
    // A gesture's steps only repaint: no render of the page per pointer move.
    if (commit || told) this.changed();
    else this.paint();
    return !kept.refused;
  }

  /** Records the live scene as one step of the history (the end of a gesture). */
  commit(): void {
    this.setHistory(record(this.history, this.scene));
  }

  select(next: Selection): void {
    this.selected = next;
    this.normaliseSelection();
    this.changed();
  }

  undo(): void {
    this.setHistory(undo(this.history));
  }

  redo(): void {
    this.setHistory(redo(this.history));
  }

  /** A placement command on one slot, as a scene change (nothing for a slot without a photo). */
  slotChange(index: number, command: EditorCommand): (scene: Scene) => Scene {
    return (s) => {
      const uri = s.slots[index]?.photo;
      const size = uri ? this.sizeOf(uri) : null;
      const coverage = coverageOf(s, this.box)[index];
      return size && coverage ? applyToSlot(s, index, command, coverage, size) : s;
    };
  }

  /** The toolbar's commands (zoom, fit, flip, turn) on the selected slot. */
  onSelectedSlot(command: EditorCommand): void {
    this.update(this.slotChange(this.selected.slot, command));
  }

  /**
   * Fits the first photo to the case a moment after it loads, as the editor's own doing (no step
   * to undo); anything the customer does first cancels it. Returns the cancel.
   */
  fitOnLoad(delayMs: number): () => void {
    clearTimeout(this.#fitTimer);
    this.#fitTimer = setTimeout(() => {
      this.setHistory(replace(this.history, this.slotChange(0, fitToTemplate)(this.scene)));
    }, delayMs);
    return () => clearTimeout(this.#fitTimer);
  }

  /**
   * The faces of `scene` have loaded: its texts are measured by their real letters and brought
   * inside (a draft saved before texts were kept inside, a text measured while its face was on its
   * way), as the editor's own doing; a scene changed meanwhile is only repainted.
   */
  fontsLoaded(scene: Scene): void {
    const inside = this.history.present === scene ? keepTextsInside(scene, null, this.fitText).scene : scene;
    if (inside !== scene) this.setHistory(replace(this.history, inside));
    else this.paint();
  }

  /** The design as it is ordered: every text inside, measured with its face loaded. */
  readyToOrder(): Scene {
    const placed = this.scene;
    const ready = keepTextsInside(placed, null, this.fitText).scene;
    if (ready !== placed) this.setHistory(replace(this.history, ready));
    return ready;
  }

  /** A new history: the live scene is its present again, and the selection follows it. */
  protected setHistory(next: History<Scene>): void {
    if (next === this.history && this.scene === next.present) return;
    this.history = next;
    this.scene = next.present;
    this.normaliseSelection();
    this.changed();
  }

  /** The selection follows the scene: a layer undone away, a slot beyond a smaller layout. */
  protected normaliseSelection(): void {
    const { slot, layer } = this.selected;
    const slots = this.scene.slots.length;
    const inRange = Math.max(0, Math.min(slot, slots - 1));
    const kept = layer && this.scene.layers.some((l) => l.id === layer) ? layer : null;
    if (inRange !== slot || kept !== layer) this.selected = { slot: inRange, layer: kept };
  }

  private freeze(): EditorSnapshot {
    return {
      history: this.history,
      selection: this.selected,
      notice: this.notice,
      editing: this.editing,
    };
  }

  protected paint(): void {
    for (const painter of this.#painters) painter();
  }

  /** Called before every change is shown: what a subclass keeps in step with the scene. */
  protected settle(): void {}

  /** Shows a change: a new snapshot for React, and a repaint. */
  protected changed(): void {
    this.settle();
    this.#snapshot = this.freeze();
    this.paint();
    for (const listener of this.#listeners) listener();
  }
}
