import { MoveIcon } from './editor-icons';

interface EditorHintsProps {
  /** Fingers (a phone, a tablet, a store's kiosk) or mouse and keys. */
  touch: boolean;
  /** Ids the stage's description points at: the short hint and the longer one. */
  hintId: string;
  keysId: string;
}

/** How to move the photo and the layers, for the input in use. */
export function EditorHints({ touch, hintId, keysId }: EditorHintsProps) {
  if (touch) {
    return (
      <>
        <p className="editor-hint" id={hintId}>
          <MoveIcon className="editor-hint__icon" />
          Arrastra la foto con el dedo para moverla.
        </p>
        <p className="editor-hint__more" id={keysId}>
          Pellizca con dos dedos para acercarla o alejarla, o usa los botones de abajo. La foto cubre siempre
          toda la funda. Toca un texto o una pegatina para moverlo; con dos dedos cambias su tamaño y lo
          giras. Toca otra vez un texto ya elegido para escribir en él sobre la funda. Los textos se quedan
          siempre dentro de la zona que se imprime.
        </p>
      </>
    );
  }
  return (
    <>
      <p className="editor-hint" id={hintId}>
        <MoveIcon className="editor-hint__icon" />
        Haz clic en la imagen y arrástrala para moverla.
      </p>
      <details className="editor-hint__details">
        <summary>Más formas de moverla: rueda, teclado, textos</summary>
        <p className="editor-hint__more" id={keysId}>
          Acerca o aleja con la rueda del ratón. Con el teclado: flechas para moverla (con Mayús, más rápido)
          y las teclas + y − para el zoom. La foto cubre siempre toda la funda. Tab recorre los textos y
          pegatinas: flechas para moverlos, + y − para su tamaño, [ y ] para girarlos, Supr para quitarlos.
          Haz doble clic en un texto (o pulsa Intro con él elegido) para escribir en él sobre la funda: Intro
          termina y Esc lo deja como estaba. Los textos se quedan siempre dentro de la zona que se imprime.
        </p>
      </details>
    </>
  );
}
