import type { ReactNode } from 'react';
import { FitIcon, FlipIcon, RotateIcon, ZoomInIcon, ZoomOutIcon } from './editor-icons';

interface ToolProps {
  /** The accessible name; it starts with the visible `label`. */
  name: string;
  label: string;
  icon: ReactNode;
  disabled: boolean;
  onClick: () => void;
}

function Tool({ name, label, icon, disabled, onClick }: ToolProps) {
  return (
    <button type="button" className="editor-tool" aria-label={name} disabled={disabled} onClick={onClick}>
      {icon}
      <span className="editor-tool__label" aria-hidden="true">
        {label}
      </span>
    </button>
  );
}

export interface EditorToolbarProps {
  /** 1 is 'fit to template'. */
  zoom: number;
  canZoomIn: boolean;
  canZoomOut: boolean;
  disabled: boolean;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFit: () => void;
  onFlip: () => void;
  onRotate: () => void;
}

/** The photo's tools (docs/product.md §2.8). Every one is a real button, reachable with Tab. */
export function EditorToolbar(props: EditorToolbarProps) {
  const { zoom, canZoomIn, canZoomOut, disabled } = props;
  return (
    <fieldset className="editor-tools">
      <legend className="visually-hidden">Ajustes de la imagen</legend>
      <Tool
        name="Alejar la imagen"
        label="Alejar"
        icon={<ZoomOutIcon />}
        disabled={disabled || !canZoomOut}
        onClick={props.onZoomOut}
      />
      <output className="editor-tools__zoom" aria-label="Zoom">
        {Math.round(zoom * 100)} %
      </output>
      <Tool
        name="Acercar la imagen"
        label="Acercar"
        icon={<ZoomInIcon />}
        disabled={disabled || !canZoomIn}
        onClick={props.onZoomIn}
      />
      <Tool
        name="Ajustar a la plantilla"
        label="Ajustar"
        icon={<FitIcon />}
        disabled={disabled}
        onClick={props.onFit}
      />
      <Tool
        name="Voltear horizontalmente"
        label="Voltear"
        icon={<FlipIcon />}
        disabled={disabled}
        onClick={props.onFlip}
      />
      <Tool
        name="Girar 90 grados"
        label="Girar"
        icon={<RotateIcon />}
        disabled={disabled}
        onClick={props.onRotate}
      />
    </fieldset>
  );
}
