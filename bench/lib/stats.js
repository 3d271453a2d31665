'use strict';

function sorted(xs) {
  return Float64Array.from(xs).sort();
}

/** Median; the mean of the two middle values for an even count. */
function median(xs) {
  if (xs.length === 0) return null;
  const s = sorted(xs);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Nearest-rank percentile, p in (0, 100]. */
function percentile(xs, p) {
  if (xs.length === 0) return null;
  const s = sorted(xs);
  const rank = Math.max(1, Math.ceil((p / 100) * s.length));
  return s[rank - 1];
}

function min(xs) {
  return xs.length === 0 ? null : xs.reduce((a, b) => (b < a ? b : a), Infinity);
}

function ratio(a, b) {
  return a == null || b == null || !(b > 0) ? null : a / b;
}

module.exports = { median, percentile, min, ratio };
