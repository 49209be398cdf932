/**
 * A number with its noun, singular for exactly one: '1 funda', '3 fundas', '0 pedidos'. Spanish
 * takes the plural for zero and for every number but one, decimals included.
 */
export const counted = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
