import assert from 'node:assert/strict';
import { test } from 'node:test';
import { photoPrivacyNotice } from './photo-privacy.ts';
import { DEFAULT_RETENTION } from './retention.ts';

test('the photo notice names who, why, how long, from the retention periods the job applies', () => {
  const text = photoPrivacyNotice(
    { legalName: 'Fundas Ejemplo, S.L.', email: 'hola@ejemplo.test' },
    { ...DEFAULT_RETENTION, photoDaysAfterWarranty: 45 },
  );
  assert.match(text, /^Fundas Ejemplo, S\.L\. \(hola@ejemplo\.test\) es responsable de tu foto\./);
  assert.match(text, /diseñar, imprimir y entregarte tu funda/);
  assert.match(text, /necesaria para el contrato/);
  assert.match(text, /garantía legal \(3 años desde la entrega\) y 45 días más/);
  assert.match(text, /a los 30 días/);
  assert.match(photoPrivacyNotice(null, DEFAULT_RETENTION), /^La tienda es responsable/);
});
