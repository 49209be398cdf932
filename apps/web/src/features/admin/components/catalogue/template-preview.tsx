import { cropBox, whitenNearWhiteInPlace } from '@shop/case-geometry/template-rules';
import { coverTransform, photoToOutputMatrix, type Rect } from '@shop/case-geometry/transform';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import samplePhoto from '../../assets/sample-photo.svg';

type Prepared =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; template: HTMLCanvasElement; box: Rect; photo: HTMLImageElement };

async function loadImage(src: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.src = src;
  await image.decode();
  return image;
}

/**
 * The template as the editor and the print file use it: the rule of docs/product.md §9.4 applied here with the
 * same code (crop box of the non-empty pixels, near-white made white).
 */
async function prepare(templateUri: string): Promise<Prepared> {
  const [image, photo] = await Promise.all([loadImage(templateUri), loadImage(samplePhoto)]);
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2D canvas');
  context.drawImage(image, 0, 0);
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
  const box = cropBox(pixels.data, canvas.width, canvas.height);
  if (!box)
    return { status: 'error', message: 'La plantilla no tiene contorno: no se puede colocar una foto.' };
  whitenNearWhiteInPlace(pixels.data);
  context.putImageData(pixels, 0, 0);
  return { status: 'ready', template: canvas, box, photo };
}

/** The whole template over a chequerboard (transparency shows), the crop box dashed on top. */
function drawOutline(canvas: HTMLCanvasElement, template: HTMLCanvasElement, box: Rect) {
  canvas.width = template.width;
  canvas.height = template.height;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.drawImage(template, 0, 0);
  const line = Math.max(2, Math.round(template.width / 160));
  context.lineWidth = line;
  context.setLineDash([line * 4, line * 3]);
  context.strokeStyle = '#ea580c';
  context.strokeRect(box.x + line / 2, box.y + line / 2, box.width - line, box.height - line);
}

/** The crop box as the customer's editor shows it: a photo covering it, the template over the photo. */
function drawPreview(
  canvas: HTMLCanvasElement,
  template: HTMLCanvasElement,
  box: Rect,
  photo: HTMLImageElement,
) {
  const output = { width: box.width, height: box.height };
  canvas.width = output.width;
  canvas.height = output.height;
  const context = canvas.getContext('2d');
  if (!context) return;
  const photoSize = { width: photo.naturalWidth, height: photo.naturalHeight };
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, output.width, output.height);
  context.setTransform(...photoToOutputMatrix(coverTransform(photoSize, output), photoSize, output));
  context.drawImage(photo, 0, 0);
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.drawImage(template, box.x, box.y, box.width, box.height, 0, 0, output.width, output.height);
}

/** The processed template with its crop box, and a sample photo on it as customers will see it. */
export function TemplatePreview({ templateUri }: { templateUri: string }) {
  const [prepared, setPrepared] = useState<Prepared>({ status: 'loading' });
  const outline = useRef<HTMLCanvasElement>(null);
  const preview = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let current = true;
    setPrepared({ status: 'loading' });
    prepare(templateUri).then(
      (result) => current && setPrepared(result),
      () => current && setPrepared({ status: 'error', message: 'No se ha podido cargar la plantilla.' }),
    );
    return () => {
      current = false;
    };
  }, [templateUri]);

  useEffect(() => {
    if (prepared.status !== 'ready') return;
    if (outline.current) drawOutline(outline.current, prepared.template, prepared.box);
    if (preview.current) drawPreview(preview.current, prepared.template, prepared.box, prepared.photo);
  }, [prepared]);

  if (prepared.status === 'loading') return <Spinner inline label="Preparando la vista previa…" />;
  if (prepared.status === 'error') return <p className="admin-field-error">{prepared.message}</p>;
  const { box, template } = prepared;
  return (
    <div className="admin-template">
      <figure className="admin-template__figure">
        <canvas
          ref={outline}
          className="admin-template__canvas admin-template__canvas--checker"
          role="img"
          aria-label={`Plantilla procesada de ${template.width} × ${template.height} píxeles, con la zona de la funda recuadrada`}
        />
        <figcaption>
          Plantilla procesada. Zona de la funda (recuadro): {box.width} × {box.height} px.
        </figcaption>
      </figure>
      <figure className="admin-template__figure">
        <canvas
          ref={preview}
          className="admin-template__canvas"
          role="img"
          aria-label="Vista previa de la funda con una foto de ejemplo"
        />
        <figcaption>Vista previa con una foto de ejemplo, como la verá el cliente.</figcaption>
      </figure>
    </div>
  );
}
