import type { Company } from '@shop/contracts/config';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import '@/styles/photo-intake.css';
import { messages } from '@shop/contracts/messages';
import { usePhoneUpload } from '../hooks/use-phone-upload';
import { useUploadLinkStatus } from '../hooks/use-upload-link-status';
import { CameraIcon, CheckCircleIcon, ImageIcon } from './intake-icons';
import { PhotoPrivacyNotice } from './photo-privacy-notice';
import { UploadProgress } from './upload-progress';

/** A temporary URL for showing the chosen file, released when the file changes or the page goes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/** The chosen photo as a thumbnail; its name when the browser cannot show it (HEIC outside Safari). */
function ChosenPhoto({ file, url }: { file: File; url: string | null }) {
  const [failed, setFailed] = useState(false);
  return (
    <figure className="chosen-photo">
      {url && !failed ? (
        <img
          className="chosen-photo__image"
          src={url}
          alt="La foto que has elegido"
          onError={() => setFailed(true)}
        />
      ) : (
        <ImageIcon className="chosen-photo__placeholder" />
      )}
      <figcaption className="chosen-photo__name">{file.name}</figcaption>
    </figure>
  );
}

interface PhoneUploadScreenProps {
  /** The link's token: it can add a photo to one order and read nothing of it. */
  encodedUrl: string;
  /** The shop's company data, once the configuration has arrived: its trade name heads the page. */
  company: Company | null;
}

/** `/upload/:encodedUrl`: the page a phone opens from the kiosk's QR code. Shows no order data. */
export function PhoneUploadScreen({ encodedUrl, company }: PhoneUploadScreenProps) {
  useDocumentTitle('Sube tu foto');
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const [file, setFile] = useState<File | null>(null);
  const url = useObjectUrl(file);
  const { state, upload } = usePhoneUpload(encodedUrl);
  // Said as the page opens: an expired or spent link, or a design already confirmed at the store.
  const link = useUploadLinkStatus(encodedUrl);
  const done = state.status === 'done';
  const linkOpen = link.status === 'open';
  const canChoose = linkOpen && (state.status === 'idle' || (state.status === 'error' && !state.final));

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    event.target.value = '';
    if (!picked) return;
    setFile(picked);
    void upload(picked);
  };

  return (
    <div className="container page phone-upload">
      <section className="card phone-upload__card" aria-labelledby={titleId}>
        <span className="eyebrow">{company?.tradeName ?? null}</span>
        <h1 id={titleId} className="page-title">
          {done ? '¡Foto enviada!' : 'Sube tu foto'}
        </h1>
        {link.status === 'checking' && <Spinner label="Comprobando el enlace…" />}
        {link.status === 'closed' && !done && (
          <Alert>
            <p className="phone-upload__error">{link.message}</p>
          </Alert>
        )}
        {!done && linkOpen && (
          <p className="phone-upload__intro">
            Elige una foto de tu móvil o haz una nueva. Aparecerá en la pantalla de la tienda para que diseñes
            allí tu funda.
          </p>
        )}

        {file && <ChosenPhoto key={url ?? file.name} file={file} url={url} />}

        <div className="phone-upload__status" aria-live="polite">
          {state.status === 'uploading' && <UploadProgress fraction={state.progress} />}
          {done && (
            <div className="phone-upload__done">
              <CheckCircleIcon className="phone-upload__done-icon" />
              <p>{messages.uploadSucceeded}</p>
              <p className="phone-upload__next">Sigue diseñando tu funda en la pantalla de la tienda.</p>
            </div>
          )}
        </div>

        {state.status === 'error' && (
          <Alert>
            <p className="phone-upload__error">{state.message}</p>
            {state.detail && <p>{state.detail}</p>}
          </Alert>
        )}

        {canChoose && (
          <button
            type="button"
            className="button button--primary button--large button--block phone-upload__choose"
            onClick={() => input.current?.click()}
          >
            <CameraIcon className="phone-upload__choose-icon" />
            Hacer una foto o elegir de la galería
          </button>
        )}
        {/* No `capture`: the phone then offers its camera and its gallery alike. */}
        <input ref={input} type="file" accept="image/*" hidden onChange={chosen} />
        {canChoose && (
          <p className="phone-upload__hint">
            Fotos JPEG, PNG, WebP o HEIC (las del iPhone). Las fotos muy grandes se reducen en tu móvil antes
            de enviarlas.
          </p>
        )}
      </section>
      <PhotoPrivacyNotice company={company} />
    </div>
  );
}
