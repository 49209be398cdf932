import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { checkReferences, readHeadings, slug } from './doc-references.ts';

const PRODUCT = [
  '# What the shop does',
  '## 2. Screens and routes',
  '### 2.8 The editor (editor-edicion)',
  '## 9. Constants and limits',
  '### 9.4 Template crop rule',
  '```',
  '## 7. Not a heading: inside a code fence',
  '```',
].join('\n');

/** The problems of one file's text in a small repository with a product document and one ADR. */
function problemsOf(file: string, text: string, installed?: (p: string) => boolean): string[] {
  const texts = new Map([
    ['docs/product.md', PRODUCT],
    [file, text],
  ]);
  const paths = ['docs/product.md', 'docs/decisions/0018-a-design-is-a-scene.md', 'README.md', file];
  return checkReferences({ paths, texts, ...(installed ? { installed } : {}) }).map(
    (p) => `${p.line}: ${p.message}`,
  );
}

describe('references to the repository documents', () => {
  test('a cited section, link, anchor, bare name and ADR that exist pass', () => {
    const code = [
      '/** The stage of docs/product.md §2.8; the crop rule of docs/product.md §9.4. */',
      '// see README.md and ADR 18 (ADR 0018 too)',
    ].join('\n');
    assert.deepEqual(problemsOf('apps/web/src/stage.ts', code), []);
    const doc = '[rule](../product.md#94-template-crop-rule), [top](#) and [site](https://example.com/x.md)';
    assert.deepEqual(problemsOf('docs/decisions/0019-x.md', doc), []);
  });

  test('a document that is not in the repository is refused', () => {
    assert.deepEqual(problemsOf('a.ts', '// the order life cycle of DESIGN.md'), [
      '1: DESIGN.md does not exist in the repository',
    ]);
  });

  test('a section that the document does not have is refused, even one inside a code fence', () => {
    assert.deepEqual(problemsOf('a.ts', '// docs/product.md §2.9 and docs/product.md §7'), [
      '1: docs/product.md has no section §2.9',
      '1: docs/product.md has no section §7',
    ]);
  });

  test('a Markdown link to a missing file or heading is refused', () => {
    assert.deepEqual(problemsOf('docs/x.md', 'See [api](api.md) and [crop](product.md#crop).'), [
      '1: link to api.md: no such file or folder',
      '1: link to product.md#crop: docs/product.md has no heading #crop',
    ]);
  });

  test('an ADR number without a record is refused', () => {
    assert.deepEqual(problemsOf('a.ts', '// as ADR 21 says'), [
      '1: ADR 21: no such decision record in docs/decisions/',
    ]);
  });

  test('a folder beside the clone and a numbered point of an outside brief are refused', () => {
    const beside = path.posix.join('..', 'shared', 'x.json');
    const problems = problemsOf('a.ts', `readFileSync('${beside}') // spec point 9`);
    assert.equal(problems.length, 2);
    assert.match(problems[0]!, /'\.\.[/]shared' points outside the repository/);
    assert.match(problems[1]!, /'spec point 9' points outside the repository/);
  });

  test("an installed package's document is checked where the packages are", () => {
    const text = '// node_modules/simple-icons/DISCLAIMER.md';
    assert.deepEqual(
      problemsOf('a.md', text, () => true),
      [],
    );
    assert.deepEqual(
      problemsOf('a.md', text, () => false),
      ['1: node_modules/simple-icons/DISCLAIMER.md is not in the installed packages'],
    );
  });
});

describe('headings', () => {
  test('numbers and slugs as GitHub makes them', () => {
    const h = readHeadings(PRODUCT);
    assert.deepEqual([...h.numbers], ['2', '2.8', '9', '9.4']);
    assert.ok(h.slugs.has('28-the-editor-editor-edicion'));
    assert.equal(slug("4. The AEAT's schemas in the repository"), '4-the-aeats-schemas-in-the-repository');
  });
});
