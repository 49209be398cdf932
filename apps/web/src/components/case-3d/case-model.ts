/**
 * The case as a three.js object, built from the model's outline with the same parts as the flat
 * mock-up (@shop/case-render/case-parts): the shell's outline extruded with rounded edges, the
 * printed back as its outer face with the camera opening cut through it, the phone inside (its
 * camera island showing through the opening) and the design as the texture of the back.
 * Units are millimetres; the back faces +z, the phone's screen -z.
 */
import type { PhoneOutline } from '@shop/case-geometry/outline';
import { type CaseParts, cameraLayout, caseParts } from '@shop/case-render/case-parts';
import { grow, type RoundedBox, roundedRect } from '@shop/case-render/context';
import {
  BufferAttribute,
  type BufferGeometry,
  CylinderGeometry,
  ExtrudeGeometry,
  type Material,
  Mesh,
  MeshPhysicalMaterial,
  MeshStandardMaterial,
  Object3D,
  Path,
  Shape,
  type Texture,
} from 'three';

/** How the case's surface looks: from its material and whether it is clear. */
export type CaseFinish = 'gloss' | 'matte' | 'satin' | 'clear';

/** The finish of a type: clear types show the phone; soft materials are matte, hard ones glossy. */
export function caseFinish(material: string | undefined, clear: boolean): CaseFinish {
  if (clear) return 'clear';
  const name = (material ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  if (/silicon|tpu|goma|caucho|rubber|soft/.test(name)) return 'matte';
  if (/antigolpe|shock|armour|armor/.test(name)) return 'satin';
  return 'gloss';
}

/** Thickness of the phone the case holds, and of the case's back. */
const PHONE_DEPTH_MM = 8;
const BACK_MM = 1.2;
/** How far the case's lip reaches over the screen's edge. */
const LIP_MM = 0.8;
/** Radius of the case's rounded edges. */
const BEVEL_MM = 0.7;
/** The phone's colour (its back seen through the camera opening or a clear case). */
export const PHONE_COLOUR = '#3a3d44';

/** A rounded rectangle as a three.js path, mirrored from the outline's y-down to three's y-up. */
function trace<T extends Path>(target: T, box: RoundedBox): T {
  roundedRect(
    {
      moveTo: (x, y) => target.moveTo(x, -y),
      lineTo: (x, y) => target.lineTo(x, -y),
      arc: (x, y, r, start, end, ccw) => target.absarc(x, -y, r, -start, -end, !ccw),
      closePath: () => target.closePath(),
    },
    box,
  );
  return target;
}

/**
 * The camera opening as a hole in the back: an island flush with the phone's edge would open the
 * case's edge too, so the hole keeps a thin band of the back around it, as the mock-up clips it.
 */
function openingIn(back: RoundedBox, cutout: RoundedBox): RoundedBox {
  const inner = grow(back, -0.6);
  const x = Math.max(cutout.x, inner.x);
  const y = Math.max(cutout.y, inner.y);
  const right = Math.min(cutout.x + cutout.width, inner.x + inner.width);
  const bottom = Math.min(cutout.y + cutout.height, inner.y + inner.height);
  return { x, y, width: Math.max(1, right - x), height: Math.max(1, bottom - y), radius: cutout.radius };
}

function extrude(shape: Shape, depth: number, bevel: number): ExtrudeGeometry {
  return new ExtrudeGeometry(shape, {
    depth,
    bevelEnabled: bevel > 0,
    bevelThickness: bevel,
    bevelSize: bevel,
    // The widest part of the rounded edge is the outline itself, not the outline grown.
    bevelOffset: -bevel,
    bevelSegments: 4,
    curveSegments: 16,
  });
}

/** Maps the texture onto the caps by position: the design spans the phone's outline, as in the editor. */
function designUvs(geometry: BufferGeometry, phone: RoundedBox): void {
  const position = geometry.getAttribute('position');
  const uv = new Float32Array(position.count * 2);
  for (let i = 0; i < position.count; i++) {
    uv[2 * i] = (position.getX(i) - phone.x) / phone.width;
    uv[2 * i + 1] = 1 - (-position.getY(i) - phone.y) / phone.height;
  }
  geometry.setAttribute('uv', new BufferAttribute(uv, 2));
}

function shellMaterial(finish: CaseFinish, colour: string): MeshPhysicalMaterial {
  switch (finish) {
    case 'clear':
      return new MeshPhysicalMaterial({
        color: colour,
        roughness: 0.08,
        metalness: 0,
        transparent: true,
        opacity: 0.28,
        clearcoat: 1,
        depthWrite: false,
      });
    case 'matte':
      return new MeshPhysicalMaterial({ color: colour, roughness: 0.9, metalness: 0, sheen: 0.4 });
    case 'satin':
      return new MeshPhysicalMaterial({ color: colour, roughness: 0.55, metalness: 0, clearcoat: 0.2 });
    case 'gloss':
      return new MeshPhysicalMaterial({
        color: colour,
        roughness: 0.25,
        metalness: 0,
        clearcoat: 0.8,
        clearcoatRoughness: 0.1,
      });
  }
}

/** The printed back: the design, glossy or matte as the shell; on a clear case, transparent where the design is. */
function backMaterial(finish: CaseFinish, design: Texture | null): MeshPhysicalMaterial {
  const base = shellMaterial(finish === 'clear' ? 'gloss' : finish, '#ffffff');
  base.map = design;
  if (finish === 'clear') {
    base.transparent = true;
    base.alphaTest = 0.02;
    if (!design) base.opacity = 0.28;
  }
  return base;
}

export interface CaseLook {
  finish: CaseFinish;
  /** The case's colour (`#rrggbb`). */
  colour: string;
  design: Texture | null;
}

/** The case and the phone in it, centred on the origin. */
export function buildCase(outline: PhoneOutline, look: CaseLook): Object3D {
  const parts: CaseParts = caseParts(outline, 1, -outline.widthMm / 2, -outline.heightMm / 2);
  const { phone, shell, back, island, cutout } = parts;
  const root = new Object3D();
  const shellLook = shellMaterial(look.finish, look.colour);
  // From the screen (z = 0) to the case's back.
  const top = PHONE_DEPTH_MM + BACK_MM;

  // The wall: the shell's outline with the phone's (less the lip over the screen's edge) as a hole.
  const wallShape = trace(new Shape(), shell);
  wallShape.holes.push(trace(new Path(), grow(phone, -LIP_MM)));
  const wall = new Mesh(extrude(wallShape, top + LIP_MM - 2 * BEVEL_MM, BEVEL_MM), shellLook);
  wall.position.z = -LIP_MM + BEVEL_MM;
  root.add(wall);

  // The printed back, inside the rim, with the camera opening through it; a hair above the wall.
  const backShape = trace(new Shape(), back);
  backShape.holes.push(trace(new Path(), openingIn(back, cutout)));
  const backGeometry = extrude(backShape, BACK_MM + 0.05, 0);
  designUvs(backGeometry, phone);
  const materials: Material[] = [backMaterial(look.finish, look.design), shellLook];
  const backMesh = new Mesh(backGeometry, materials);
  backMesh.position.z = PHONE_DEPTH_MM;
  root.add(backMesh);

  // The phone: its body (seen through the opening, and through a clear case) and its camera.
  const phoneLook = new MeshStandardMaterial({ color: PHONE_COLOUR, roughness: 0.35, metalness: 0.3 });
  const body = new Mesh(extrude(trace(new Shape(), phone), PHONE_DEPTH_MM - 0.8, 0.4), phoneLook);
  body.position.z = 0.4;
  root.add(body);
  const glass = new MeshStandardMaterial({ color: '#55595f', roughness: 0.15, metalness: 0.5 });
  const islandMesh = new Mesh(extrude(trace(new Shape(), island), 1, 0.3), glass);
  islandMesh.position.z = PHONE_DEPTH_MM + 0.3;
  root.add(islandMesh);
  const { lenses, flash } = cameraLayout(island, outline.camera.lenses);
  const lensLook = new MeshStandardMaterial({ color: '#0d0e10', roughness: 0.05, metalness: 0.8 });
  const flashLook = new MeshStandardMaterial({ color: '#f1ead0', roughness: 0.4 });
  for (const [circle, material] of [
    ...lenses.map((l) => [l, lensLook] as const),
    ...(flash ? [[flash, flashLook] as const] : []),
  ]) {
    const mesh = new Mesh(new CylinderGeometry(circle.d / 2, circle.d / 2, 0.8, 32), material);
    mesh.rotation.x = Math.PI / 2;
    mesh.position.set(circle.cx, -circle.cy, PHONE_DEPTH_MM + 1.9);
    root.add(mesh);
  }
  // Centred in depth too, so that it turns about its middle.
  root.position.z = -top / 2;
  const centred = new Object3D();
  centred.add(root);
  return centred;
}
