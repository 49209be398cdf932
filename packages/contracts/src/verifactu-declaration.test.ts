import assert from 'node:assert/strict';
import { test } from 'node:test';
import { declarationSections, spanishDate } from './verifactu-declaration.ts';

const declaration = {
  systemName: 'Fundamia Tienda Web',
  systemId: 'FW',
  version: '2.0.0',
  producer: { name: 'Fundamia Estudio, S.L.', nif: 'B12345674', address: 'Calle Larios 5, 29005 Málaga' },
  place: 'Málaga',
  date: '2026-11-29',
};

test('the declaration lists a) to j), filled from the data the records carry', () => {
  const sections = declarationSections(declaration);
  assert.deepEqual(
    sections.map((s) => s.letter),
    ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'],
  );
  const text = (letter: string) => sections.find((s) => s.letter === letter)?.text;
  assert.equal(text('a'), 'Fundamia Tienda Web');
  assert.equal(text('c'), '2.0.0');
  assert.equal(
    text('h'),
    'Fundamia Estudio, S.L., NIF B12345674, con domicilio en Calle Larios 5, 29005 Málaga.',
  );
  assert.equal(text('j'), 'Málaga, a 29 de noviembre de 2026.');
  assert.equal(
    declarationSections({ ...declaration, date: null }).at(-1)?.text,
    'Málaga; fecha pendiente de indicar.',
  );
  for (const s of sections) assert.doesNotMatch(s.text, /\[|\]|undefined|null/, s.letter);
});

test('dates read as Spanish people write them', () => {
  assert.equal(spanishDate('2027-01-05'), '5 de enero de 2027');
});
