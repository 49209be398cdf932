/** The print files of an order, rendered once and downloaded as often as staff need. */
export default /* sql */ `
ALTER TABLE orders
  ADD COLUMN print_png_id text REFERENCES files(id),
  ADD COLUMN print_pdf_id text REFERENCES files(id);
`;
