import type { PhoneOutline } from '@shop/case-geometry/outline';

/** What the case preview shows: the model's outline, the design, and the chosen type and colour. */
export interface CaseViewProps {
  outline: PhoneOutline;
  /** The printed back (the order's design, or a picture of the editor's canvas); a plain back without it. */
  designImageUrl: string | null;
  /** The flat mock-up shown where the browser has no WebGL; the design itself when not given. */
  flatImageUrl?: string | null | undefined;
  /** The chosen case type: a clear one shows the phone through it. The default type when absent. */
  caseType?: { clear: boolean } | null | undefined;
  /** The chosen colour; the type's usual look when absent. */
  colour?: { hex: string } | null | undefined;
  /** What the case is made of, or the type's name ('Silicona'): matte, glossy or in between. */
  material?: string | undefined;
}
