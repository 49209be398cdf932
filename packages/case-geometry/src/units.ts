/**
 * Branded units for the places where millimetres, pixels and resolutions meet (print size,
 * effective resolution). A brand costs nothing at run time: it only stops a millimetre value
 * from being passed where pixels are expected without an explicit conversion.
 *
 * Inside the editor's transform maths everything is either pixels of one image or a unitless
 * fraction, so those functions take plain numbers with a `Px` suffix in their names instead.
 */

declare const unit: unique symbol;

export type Mm = number & { readonly [unit]: 'mm' };
export type Px = number & { readonly [unit]: 'px' };
/** Pixels per inch. */
export type Dpi = number & { readonly [unit]: 'dpi' };

export const mm = (value: number): Mm => value as Mm;
export const px = (value: number): Px => value as Px;
export const dpi = (value: number): Dpi => value as Dpi;
