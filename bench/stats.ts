/** The bench's statistics: a quantile of a sample (nearest rank) and rounding to d decimals. */
export const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
};
export const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
