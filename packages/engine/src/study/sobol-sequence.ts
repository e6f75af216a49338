/**
 * Sobol' low-discrepancy sequence with the Joe–Kuo direction numbers (new-joe-kuo-6.21201,
 * dimensions 2–53; dimension 1 is the van der Corput sequence). Each row is "s a m_1 … m_s".
 * S. Joe and F. Y. Kuo, "Constructing Sobol sequences with better two-dimensional projections",
 * SIAM J. Sci. Comput. 30 (2008) 2635–2654.
 */
const JOE_KUO = [
  '1 0 1',
  '2 1 1 3',
  '3 1 1 3 1',
  '3 2 1 1 1',
  '4 1 1 1 3 3',
  '4 4 1 3 5 13',
  '5 2 1 1 5 5 17',
  '5 4 1 1 5 5 5',
  '5 7 1 1 7 11 19',
  '5 11 1 1 5 1 1',
  '5 13 1 1 1 3 11',
  '5 14 1 3 5 5 31',
  '6 1 1 3 3 9 7 49',
  '6 13 1 1 1 15 21 21',
  '6 16 1 3 1 13 27 49',
  '6 19 1 1 1 15 7 5',
  '6 22 1 3 1 15 13 25',
  '6 25 1 1 5 5 19 61',
  '7 1 1 3 7 11 23 15 103',
  '7 4 1 3 7 13 13 15 69',
  '7 7 1 1 3 13 7 35 63',
  '7 8 1 3 5 9 1 25 53',
  '7 14 1 3 1 13 9 35 107',
  '7 19 1 3 1 5 27 61 31',
  '7 21 1 1 5 11 19 41 61',
  '7 28 1 3 5 3 3 13 69',
  '7 31 1 1 7 13 1 19 1',
  '7 32 1 3 7 5 13 19 59',
  '7 37 1 1 3 9 25 29 41',
  '7 41 1 3 5 13 23 1 55',
  '7 42 1 3 7 3 13 59 17',
  '7 50 1 3 1 3 5 53 69',
  '7 55 1 1 5 5 23 33 13',
  '7 56 1 1 7 7 1 61 123',
  '7 59 1 1 7 9 13 61 49',
  '7 62 1 3 3 5 3 55 33',
  '8 14 1 3 1 15 31 13 49 245',
  '8 21 1 3 5 15 31 59 63 97',
  '8 22 1 3 1 11 11 11 77 249',
  '8 38 1 3 1 11 27 43 71 9',
  '8 47 1 1 7 15 21 11 81 45',
  '8 49 1 3 7 3 25 31 65 79',
  '8 50 1 3 1 1 19 11 3 205',
  '8 52 1 1 5 9 19 21 29 157',
  '8 56 1 3 7 11 1 33 89 185',
  '8 67 1 3 3 3 15 9 79 71',
  '8 70 1 3 7 11 15 39 119 27',
  '8 84 1 1 3 1 11 31 97 225',
  '8 97 1 1 1 3 23 43 57 177',
  '8 103 1 3 7 7 17 17 37 71',
  '8 115 1 3 1 5 27 63 123 213',
  '8 122 1 1 3 5 11 43 53 133',
];

export const SOBOL_MAX_DIMENSIONS = JOE_KUO.length + 1;
const BITS = 32;

function directions(dimension: number): Uint32Array {
  const v = new Uint32Array(BITS + 1);
  if (dimension === 0) {
    for (let i = 1; i <= BITS; i++) v[i] = 2 ** (BITS - i);
    return v;
  }
  const [s, a, ...m] = JOE_KUO[dimension - 1].split(' ').map(Number);
  for (let i = 1; i <= Math.min(s, BITS); i++) v[i] = (m[i - 1] * 2 ** (BITS - i)) >>> 0;
  for (let i = s + 1; i <= BITS; i++) {
    let x = (v[i - s] ^ (v[i - s] >>> s)) >>> 0;
    for (let k = 1; k < s; k++) if ((a >>> (s - 1 - k)) & 1) x = (x ^ v[i - k]) >>> 0;
    v[i] = x;
  }
  return v;
}

/**
 * The first `count` points of the `dimensions`-dimensional Sobol' sequence, starting with point
 * `skip` (point 0 is the origin), as rows of a flat array (count × dimensions), in Gray-code order
 * of Antonov and Saleev, which gives the same points as the original order for every 2^k prefix.
 */
export function sobolPoints(count: number, dimensions: number, skip = 0): Float64Array {
  if (dimensions < 1 || dimensions > SOBOL_MAX_DIMENSIONS)
    throw new RangeError(`the Sobol sequence has 1 to ${SOBOL_MAX_DIMENSIONS} dimensions here`);
  const v = Array.from({ length: dimensions }, (_, j) => directions(j));
  const x = new Uint32Array(dimensions);
  const out = new Float64Array(count * dimensions);
  for (let n = 0; n < skip + count; n++) {
    if (n > 0) {
      // The position of the lowest zero bit of n - 1 (1-based).
      let c = 1,
        value = n - 1;
      while (value & 1) {
        value >>>= 1;
        c++;
      }
      for (let j = 0; j < dimensions; j++) x[j] = (x[j] ^ v[j][c]) >>> 0;
    }
    if (n >= skip) for (let j = 0; j < dimensions; j++) out[(n - skip) * dimensions + j] = x[j] / 2 ** BITS;
  }
  return out;
}
