// Catalogue rules needed by the back office's form and by the server, with no zod in them: the
// back office imports this without pulling the schema library into its bundle.

/**
 * Why a model cannot be offered to customers as it is, or null when it can: a public model needs
 * its case template (the editor and the print file are built on it) and a price above 0 €. The
 * back office's form and the server ask the same question.
 */
export function modelSaleProblem(model: {
  isPublic: boolean;
  template: string | null;
  price: number;
}): { field: 'template' | 'price'; message: 'modelPublicNeedsTemplate' | 'modelPublicNeedsPrice' } | null {
  if (!model.isPublic) return null;
  if (!model.template) return { field: 'template', message: 'modelPublicNeedsTemplate' };
  if (!(model.price > 0)) return { field: 'price', message: 'modelPublicNeedsPrice' };
  return null;
}
