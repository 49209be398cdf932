import assert from 'node:assert/strict';
import { test } from 'node:test';
import { footerLinks, isStaticSlug } from './footer-links.ts';

test('a static slug is one of the pages', () => {
  assert.ok(isStaticSlug('return-conditions-2'));
  assert.ok(!isStaticSlug('warranty-conditions'));
});

test('footer links follow the footer order with Spanish labels', () => {
  assert.deepEqual(
    footerLinks.map((l) => [l.slug, l.label]),
    [
      ['general-conditions', 'Condiciones generales'],
      ['return-conditions-2', 'Condiciones de garantía'],
      ['return-conditions', 'Condiciones de devolución'],
      ['shipping', 'Transporte'],
      ['company', 'Empresa'],
      ['payments', 'Formas de pago'],
      ['legal', 'Aviso legal'],
      ['privacy', 'Privacidad'],
      ['cookies', 'Cookies'],
    ],
  );
});
