import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redsysCodeMeaning } from './redsys-codes.ts';

test('Redsys answer codes read in Spanish, whatever their padding', () => {
  assert.equal(redsysCodeMeaning('0000'), 'Operación autorizada');
  assert.equal(redsysCodeMeaning('99'), 'Operación autorizada');
  assert.equal(redsysCodeMeaning('0900'), 'Devolución o confirmación aceptada');
  assert.equal(redsysCodeMeaning('190'), 'Denegada por el emisor sin especificar el motivo');
  assert.equal(redsysCodeMeaning('9915'), 'Pago cancelado por el cliente');
  assert.equal(redsysCodeMeaning('0181'), 'Operación denegada (código 0181)');
  assert.equal(redsysCodeMeaning('sis0057'), 'El importe a devolver supera el permitido');
  assert.equal(redsysCodeMeaning('SIS9999'), 'Error de la pasarela (SIS9999)');
  assert.equal(redsysCodeMeaning('<b>'), 'Código desconocido (<b>)');
  assert.equal(redsysCodeMeaning(null), null);
  assert.equal(redsysCodeMeaning(''), null);
});
