/**
 * The 3D view of the case (three.js, in a chunk of its own that loads when the customer asks for
 * it): the case of case-model.ts under soft studio light, turned by dragging (mouse, pen or
 * finger) or with its two buttons, drawn only when something changed.
 */
import { useEffect, useRef, useState } from 'react';
import {
  AmbientLight,
  DirectionalLight,
  type Material,
  Mesh,
  type Object3D,
  PerspectiveCamera,
  Scene,
  SRGBColorSpace,
  type Texture,
  TextureLoader,
  WebGLRenderer,
} from 'three';
import { buildCase, type CaseFinish, caseFinish } from './case-model';
import type { CaseViewProps } from './case-view-props';

/** Degrees the view turns per CSS pixel dragged, and per arrow key. */
const DEGREES_PER_PX = 0.5;
const DEGREES_PER_KEY = 15;
/** How far the case tips forwards or backwards. */
const MAX_PITCH = 60;

interface View {
  /** Turn about the vertical axis, degrees; 0 shows the back. */
  yaw: number;
  pitch: number;
}

/** A WebGL 2 context for the canvas, or null where the browser has none (three.js needs version 2). */
function webgl2(canvas: HTMLCanvasElement): WebGL2RenderingContext | null {
  try {
    return canvas.getContext('webgl2', { antialias: true, alpha: true });
  } catch {
    return null;
  }
}

const degrees = (value: number) => (value * Math.PI) / 180;

/** Gives back the GPU memory of a case's geometries and materials (not the design's texture). */
function release(object: Object3D): void {
  object.traverse((part) => {
    if (!(part instanceof Mesh)) return;
    part.geometry.dispose();
    for (const material of [part.material].flat() as Material[]) material.dispose();
  });
}

export interface CaseViewerProps extends CaseViewProps {
  /** The view could not be made (no WebGL, or it failed): the caller shows the flat mock-up. */
  onUnavailable: () => void;
}

export function CaseViewer({
  outline,
  designImageUrl,
  caseType,
  colour,
  material,
  onUnavailable,
}: CaseViewerProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const viewRef = useRef<View>({ yaw: 0, pitch: 0 });
  const renderRef = useRef<() => void>(() => undefined);
  const [yaw, setYaw] = useState(0);
  const [ready, setReady] = useState(false);
  const unavailableRef = useRef(onUnavailable);
  unavailableRef.current = onUnavailable;

  const finish: CaseFinish = caseFinish(material, caseType?.clear ?? false);
  const hex = colour?.hex ?? (finish === 'clear' ? '#f4f7fb' : '#24262b');

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const gl = webgl2(canvas);
    if (!gl) {
      unavailableRef.current();
      return;
    }
    let renderer: WebGLRenderer;
    try {
      renderer = new WebGLRenderer({ canvas, context: gl, antialias: true, alpha: true });
    } catch {
      unavailableRef.current();
      return;
    }
    renderer.outputColorSpace = SRGBColorSpace;
    renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    const scene = new Scene();
    scene.add(new AmbientLight('#ffffff', 1.1));
    const key = new DirectionalLight('#ffffff', 2.2);
    key.position.set(-60, 90, 140);
    scene.add(key);
    const fill = new DirectionalLight('#ffffff', 0.9);
    fill.position.set(80, -40, -120);
    scene.add(fill);
    const camera = new PerspectiveCamera(30, 1, 1, 2000);
    const model = (design: Texture | null) => buildCase(outline, { finish, colour: hex, design });
    let object = model(null);
    scene.add(object);

    const render = () => {
      const { yaw: y, pitch } = viewRef.current;
      object.rotation.set(degrees(pitch), degrees(y), 0);
      renderer.render(scene, camera);
    };
    renderRef.current = render;

    const resize = () => {
      const { clientWidth: width, clientHeight: height } = canvas;
      if (width === 0 || height === 0) return;
      renderer.setSize(width, height, false);
      camera.aspect = width / height;
      // Far enough back that the whole case fits, however it is turned.
      const size = Math.max(outline.heightMm, outline.widthMm / camera.aspect) * 1.25;
      camera.position.set(0, 0, size / (2 * Math.tan(degrees(camera.fov / 2))));
      camera.lookAt(0, 0, 0);
      camera.updateProjectionMatrix();
      render();
    };
    const observer = new ResizeObserver(resize);
    observer.observe(canvas);
    resize();

    let cancelled = false;
    let texture: Texture | null = null;
    if (!designImageUrl) setReady(true);
    else {
      new TextureLoader().load(
        designImageUrl,
        (loaded) => {
          if (cancelled) {
            loaded.dispose();
            return;
          }
          loaded.colorSpace = SRGBColorSpace;
          loaded.anisotropy = renderer.capabilities.getMaxAnisotropy();
          texture = loaded;
          scene.remove(object);
          release(object);
          object = model(loaded);
          scene.add(object);
          render();
          setReady(true);
        },
        undefined,
        // Without the picture the case shows plain: nothing to tell the customer.
        () => {
          if (!cancelled) setReady(true);
        },
      );
    }

    const lost = (event: Event) => {
      event.preventDefault();
      unavailableRef.current();
    };
    canvas.addEventListener('webglcontextlost', lost);
    return () => {
      cancelled = true;
      canvas.removeEventListener('webglcontextlost', lost);
      observer.disconnect();
      texture?.dispose();
      release(object);
      renderer.dispose();
      renderRef.current = () => undefined;
    };
  }, [outline, designImageUrl, finish, hex]);

  const turn = (dYaw: number, dPitch: number) => {
    const view = viewRef.current;
    const y = (((view.yaw + dYaw) % 360) + 360) % 360;
    viewRef.current = { yaw: y, pitch: Math.max(-MAX_PITCH, Math.min(MAX_PITCH, view.pitch + dPitch)) };
    renderRef.current();
    setYaw(Math.round(y));
  };

  const dragRef = useRef<{ id: number; x: number; y: number } | null>(null);

  return (
    <div className="case-3d__stage">
      <canvas
        ref={canvasRef}
        className="case-3d__canvas"
        role="img"
        aria-label={`Funda en 3D, girada ${yaw} grados. Arrastra para girarla.`}
        data-yaw={yaw}
        // Drawn with its design (or without one that failed to load): for tests and screenshots.
        data-ready={ready ? 'true' : undefined}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          dragRef.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
        }}
        onPointerMove={(event) => {
          const drag = dragRef.current;
          if (!drag || drag.id !== event.pointerId) return;
          turn((event.clientX - drag.x) * DEGREES_PER_PX, (event.clientY - drag.y) * DEGREES_PER_PX);
          dragRef.current = { ...drag, x: event.clientX, y: event.clientY };
        }}
        onPointerUp={() => {
          dragRef.current = null;
        }}
        onPointerCancel={() => {
          dragRef.current = null;
        }}
      />
      <div className="case-3d__turns">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => turn(-DEGREES_PER_KEY * 2, 0)}
        >
          Girar a la izquierda
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => turn(DEGREES_PER_KEY * 2, 0)}
        >
          Girar a la derecha
        </button>
      </div>
    </div>
  );
}
