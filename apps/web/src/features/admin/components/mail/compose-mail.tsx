import { type FormEvent, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { sendMail } from '../../api/send-mail';
import { useAction } from '../../hooks/use-action';
import { TextField } from '../ui/text-field';

/** Addresses typed one per line or separated by commas or semicolons. */
const recipients = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter(Boolean);

/** `POST /api/mails` (docs/product.md §7.7): a message from the shop to one or more people. */
export function ComposeMail({ id: formId, onSent }: { id: string; onSent: () => void }) {
  const id = useId();
  const action = useAction();
  const [to, setTo] = useState('');
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const toList = recipients(to);
    const result = await action.run('send', () => sendMail({ toList, subject: subject.trim(), text }));
    if (!result.ok) return;
    setTo('');
    setSubject('');
    setText('');
    onSent();
    action.clearError();
  }

  const count = recipients(to).length;
  return (
    <form id={formId} className="admin-card admin-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-card__title">
        Escribir un correo
      </h2>
      {action.error && <Alert>{action.error}</Alert>}
      <div className="admin-field">
        <label htmlFor={`${id}-to`} className="admin-label">
          Para<span aria-hidden="true"> *</span>
        </label>
        <textarea
          id={`${id}-to`}
          className="admin-input admin-textarea admin-textarea--short"
          required
          rows={2}
          value={to}
          aria-describedby={`${id}-to-hint`}
          onChange={(event) => setTo(event.target.value)}
        />
        <p id={`${id}-to-hint`} className="admin-hint">
          Hasta 20 direcciones, separadas por comas. Cada persona recibe su propio mensaje
          {count > 0 ? ` (${count} ${count === 1 ? 'destinatario' : 'destinatarios'})` : ''}.
        </p>
      </div>
      <TextField label="Asunto" value={subject} onChange={setSubject} required maxLength={200} />
      <div className="admin-field">
        <label htmlFor={`${id}-text`} className="admin-label">
          Mensaje<span aria-hidden="true"> *</span>
        </label>
        <textarea
          id={`${id}-text`}
          className="admin-input admin-textarea"
          required
          rows={8}
          maxLength={20000}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <div className="admin-form__actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={action.busy !== null}>
          {action.busy ? 'Enviando…' : 'Enviar'}
        </button>
      </div>
    </form>
  );
}
