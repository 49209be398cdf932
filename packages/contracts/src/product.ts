/**
 * How the shop names what it sells, on screens, in mails, on invoices and in the payment gateway's
 * description: one function, so a model whose name already starts with its brand ('Xiaomi 14T
 * Pro' of Xiaomi) is never called 'Xiaomi Xiaomi 14T Pro'. Free of dependencies (the storefront
 * bundles it).
 */

interface Named {
  name: string;
}

/** Runs of white space and control characters as one space, trimmed: names go on one line. */
const oneLine = (text: string): string =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove.
    .replace(/[\s\u0000-\u001f\u007f]+/g, ' ')
    .trim();

/** The phone: 'Apple iPhone 15'; the model's own name when it already starts with the brand's. */
export function phoneName(brand: Named, model: Named): string {
  const b = oneLine(brand.name);
  const m = oneLine(model.name);
  if (!b) return m;
  const startsWithBrand =
    m.toLocaleLowerCase('es-ES').startsWith(b.toLocaleLowerCase('es-ES')) &&
    (m.length === b.length || m[b.length] === ' ');
  return startsWithBrand ? m : `${b} ${m}`.trim();
}

/** The product: 'Funda personalizada para Apple iPhone 15'. */
export function productName(brand: Named, model: Named): string {
  return `Funda personalizada para ${phoneName(brand, model)}`;
}

/** The case as made: its type and, for a type with colours, its colour: 'Silicona (Negro)'. */
export function caseTypeName(caseType: Named, colour: Named | null): string {
  const type = oneLine(caseType.name);
  const c = colour ? oneLine(colour.name) : '';
  return c ? `${type} (${c})` : type;
}

/**
 * The product in the type it is made in, as the invoice line names it: 'Funda personalizada
 * Antigolpes para Apple iPhone 15', with the colour after it when the type has colours: '... (Negro)'.
 */
export function caseProductName(brand: Named, model: Named, caseType: Named, colour: Named | null): string {
  const type = oneLine(caseType.name);
  const c = colour ? oneLine(colour.name) : '';
  const name = `Funda personalizada ${type} para ${phoneName(brand, model)}`.replace(/ {2,}/g, ' ');
  return c ? `${name} (${c})` : name;
}
