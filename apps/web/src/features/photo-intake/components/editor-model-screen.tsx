import type { Company } from '@shop/contracts/config';
import type { Order } from '@shop/contracts/orders';
import { phoneName } from '@shop/contracts/product';
import {
  type ChangeEvent,
  type DragEvent,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import caseFallback from '@/assets/phone-case-fallback.svg';
import { UPLOAD_LINK_FRESH_MS, useUploadLink } from '@/components/phone-handoff/use-upload-link';
import { Alert } from '@/components/ui/alert';
import { Breadcrumb, type Crumb } from '@/components/ui/breadcrumb';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import '@/styles/photo-intake.css';
import { useIntakeOrder } from '../hooks/use-intake-order';
import { useOrderPhotoUpload } from '../hooks/use-order-photo-upload';
import { CloudUploadIcon } from './intake-icons';
import { PhotoPrivacyNotice } from './photo-privacy-notice';
import { UploadProgress } from './upload-progress';

// Only kiosks show the QR code: its module (and the QR encoder) loads for them alone.
const loadQrDialog = () => import('@/components/phone-handoff/phone-qr-dialog');
const PhoneQrDialog = lazy(() => loadQrDialog().then((module) => ({ default: module.PhoneQrDialog })));

/** Every image the browser may offer; the server judges the file by its content anyway. */
const ACCEPTED_IMAGES = 'image/*,image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

interface EditorModelScreenProps {
  orderId: string | null;
  /** The session comes from an in-store screen: the photo comes from the customer's phone. */
  kiosk: boolean;
  /** The store homepage, for the breadcrumb. */
  storeHref: string;
  /** The order has its photo: on to the positioning screen. */
  onPhotoReady: () => void;
  /** The shop's company data, once it has arrived: the photo's privacy notice names it. */
  company: Company | null;
}

/** `/editor-modelo`: the case template of the order's model and the way to add a photo to it. */
export function EditorModelScreen({
  orderId,
  kiosk,
  storeHref,
  onPhotoReady,
  company,
}: EditorModelScreenProps) {
  useDocumentTitle('Añade tu imagen');
  const { state, reload } = useIntakeOrder(orderId);
  const order = state.status === 'ready' ? state.order : null;
  const hasImage = order?.image != null;

  useEffect(() => {
    if (hasImage) onPhotoReady();
  }, [hasImage, onPhotoReady]);

  const crumbs: Crumb[] = [{ label: 'Marcas', to: storeHref }];
  if (order) crumbs.push({ label: order.brand.name, to: paths.models(order.brand.id) });
  crumbs.push({ label: 'Crear' });

  return (
    <div className="container page intake">
      <Breadcrumb homeTo={storeHref} items={crumbs} />
      {state.status === 'ready' && !hasImage ? (
        <PhotoIntake order={state.order} kiosk={kiosk} onPhotoReady={onPhotoReady} company={company} />
      ) : (
        <>
          <header className="page-header">
            <span className="eyebrow" />
            <h1 className="page-title">Añade tu imagen</h1>
          </header>
          {state.status === 'error' && (
            <>
              <Alert>{state.message}</Alert>
              <p className="page-actions intake__actions">
                {state.retry && (
                  <button type="button" className="button button--primary" onClick={reload}>
                    Reintentar
                  </button>
                )}
                <Link to={storeHref} className="button button--secondary">
                  Volver a la tienda
                </Link>
              </p>
            </>
          )}
          {(state.status === 'loading' || hasImage) && <Spinner label="Cargando tu pedido…" />}
        </>
      )}
    </div>
  );
}

interface PhotoIntakeProps {
  order: Order;
  kiosk: boolean;
  onPhotoReady: () => void;
  company: Company | null;
}

function PhotoIntake({ order, kiosk, onPhotoReady, company }: PhotoIntakeProps) {
  const input = useRef<HTMLInputElement>(null);
  const { state, upload } = useOrderPhotoUpload(order.id, onPhotoReady);
  const [qrOpen, setQrOpen] = useState(false);
  const [dragging, setDragging] = useState(false);
  const helpTitleId = useId();
  const uploading = state.status === 'uploading';
  const modelName = phoneName(order.model.brand, order.model);
  // On a kiosk the QR code's link is fetched now, so the code shows the moment the cloud is tapped.
  const { link, retry: retryLink } = useUploadLink(order.id, 'screen', kiosk);

  useEffect(() => {
    if (kiosk) void loadQrDialog();
  }, [kiosk]);

  // A photo dropped next to the drop zone must not replace the shop with the file.
  useEffect(() => {
    if (kiosk) return;
    const keepPage = (event: globalThis.DragEvent) => event.preventDefault();
    window.addEventListener('dragover', keepPage);
    window.addEventListener('drop', keepPage);
    return () => {
      window.removeEventListener('dragover', keepPage);
      window.removeEventListener('drop', keepPage);
    };
  }, [kiosk]);

  const addImage = () => {
    if (!kiosk) {
      input.current?.click();
      return;
    }
    // A link fetched long ago (the screen left open) may be close to expiring: ask for another.
    if (link.status === 'ready' && Date.now() - link.fetchedAt > UPLOAD_LINK_FRESH_MS) retryLink();
    setQrOpen(true);
  };

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so that choosing the same file again (after an error) still counts as a choice.
    event.target.value = '';
    if (file) void upload(file);
  };

  const dropZone = kiosk
    ? {}
    : {
        onDragEnter: (event: DragEvent) => {
          if (hasFiles(event) && !uploading) setDragging(true);
        },
        onDragOver: (event: DragEvent) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = uploading ? 'none' : 'copy';
        },
        onDragLeave: (event: DragEvent) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        },
        onDrop: (event: DragEvent) => {
          event.preventDefault();
          setDragging(false);
          const file = event.dataTransfer.files[0];
          if (file && !uploading) void upload(file);
        },
      };

  const closeQr = useCallback(() => setQrOpen(false), []);

  return (
    <div className="intake__layout">
      <header className="page-header intake__header">
        <span className="eyebrow">{order.store.name}</span>
        <h1 className="page-title">Añade tu imagen</h1>
        <p className="lead">
          Funda personalizada para <strong className="intake__model">{modelName}</strong>
        </p>
      </header>

      <div className="intake__status">
        {state.status === 'error' && (
          <>
            <Alert>{state.message}</Alert>
            {state.file && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => state.file && upload(state.file)}
              >
                Reintentar
              </button>
            )}
          </>
        )}
      </div>

      <div className={dragging ? 'case-stage is-dragging' : 'case-stage'} {...dropZone}>
        <img
          className={
            order.model.template
              ? 'case-stage__template'
              : 'case-stage__template case-stage__template--fallback'
          }
          src={order.model.template ?? caseFallback}
          alt={`Plantilla de la funda para ${modelName}`}
          width={604}
          height={1206}
          decoding="async"
        />
        <div className="case-stage__overlay" aria-live="polite">
          {uploading ? (
            <UploadProgress fraction={state.progress} />
          ) : (
            <>
              <button
                type="button"
                className="cloud-button"
                onClick={addImage}
                aria-haspopup={kiosk ? 'dialog' : undefined}
              >
                <CloudUploadIcon className="cloud-button__icon" />
                <span className="cloud-button__label">Añadir imagen</span>
              </button>
              {!kiosk && (
                <p className="case-stage__hint">
                  {dragging ? 'Suelta la foto aquí' : 'o arrastra aquí tu foto'}
                </p>
              )}
            </>
          )}
        </div>
      </div>
      {!kiosk && (
        // Hidden: the cloud button is the control people use; it opens this picker.
        <input ref={input} type="file" accept={ACCEPTED_IMAGES} hidden onChange={chosen} />
      )}

      <section className="intake__help" aria-labelledby={helpTitleId}>
        <h2 id={helpTitleId} className="intake__help-title">
          {kiosk ? 'Sube la foto desde tu móvil' : 'Cómo funciona'}
        </h2>
        {kiosk ? (
          <ol className="intake__steps">
            <li>Pulsa la nube: aparecerá un código QR.</li>
            <li>Escanéalo con la cámara de tu móvil y elige una foto.</li>
            <li>Tu foto aparecerá aquí al momento para que la coloques en la funda.</li>
          </ol>
        ) : (
          <ol className="intake__steps">
            <li>Pulsa la nube y elige una foto de tu galería o de tu ordenador.</li>
            <li>Colócala a tu gusto: muévela, amplíala o gírala sobre la funda.</li>
            <li>Pide tu funda y recógela en tu tienda o recíbela en casa.</li>
          </ol>
        )}
        <p className="intake__note">
          Admitimos fotos JPEG, PNG, WebP y HEIC (las del iPhone). Una foto nítida y con buena luz queda mejor
          impresa.
        </p>
        <PhotoPrivacyNotice company={company} />
      </section>

      {qrOpen && (
        <Suspense fallback={null}>
          <PhoneQrDialog
            orderId={order.id}
            link={link}
            retryLink={retryLink}
            onClose={closeQr}
            arrived={(o) => o.image !== null}
            onArrived={onPhotoReady}
          />
        </Suspense>
      )}
    </div>
  );
}
