'use strict';
// A small SVG writer for one chart: horizontal bars of ×floor per contender (valid and invalid call),
// on a log scale, every bar labelled. No dependency.

const xml = (s) =>
  String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const COLORS = { valid: '#2f6fb0', invalid: '#d9822b', toolwright: '#1a7f37', goal: '#b3261e' };

/** 1, 2, 5, 10, 20, 50 … up to the first tick ≥ max. */
function ticksUpTo(max) {
  const ticks = [];
  for (let decade = 1; ; decade *= 10) {
    for (const m of [1, 2, 5]) {
      ticks.push(m * decade);
      if (m * decade >= max) return ticks;
    }
  }
}

const fmt = (x) => (x < 10 ? `${x.toFixed(2)}×` : x < 100 ? `${x.toFixed(1)}×` : `${Math.round(x)}×`);

/**
 * rows: [{ label, toolwright: bool, valid: number|null, invalid: number|null, note?: string }]
 * goals: [{ at: number, text: string }] dashed vertical lines.
 */
function barChart({ title, subtitle, rows, goals = [] }) {
  const width = 980;
  const left = 330;
  const right = 80;
  const top = 92;
  const barH = 13;
  const rowH = 2 * barH + 16;
  const plotW = width - left - right;
  const values = rows.flatMap((r) => [r.valid, r.invalid]).filter((x) => x != null && x > 0);
  const max = Math.max(10, ...values, ...goals.map((g) => g.at));
  const ticks = ticksUpTo(max);
  const hi = ticks[ticks.length - 1];
  const x = (v) => left + (Math.log10(Math.max(v, 1)) / Math.log10(hi)) * plotW;
  const height = top + rows.length * rowH + 36 + 15 * goals.length;

  const parts = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
      `font-family="-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="16" y="24" font-size="16" font-weight="600" fill="#1f2328">${xml(title)}</text>`,
    `<text x="16" y="44" fill="#59636e">${xml(subtitle)}</text>`,
  );
  // legend
  const ly = 64;
  parts.push(
    `<rect x="16" y="${ly - 10}" width="12" height="12" fill="${COLORS.valid}"/>`,
    `<text x="34" y="${ly}" fill="#1f2328">valid call</text>`,
    `<rect x="110" y="${ly - 10}" width="12" height="12" fill="${COLORS.invalid}"/>`,
    `<text x="128" y="${ly}" fill="#1f2328">invalid call (error result)</text>`,
    `<text x="300" y="${ly}" fill="#59636e">× the floor (JSON.parse + direct call), log scale; lower is better</text>`,
  );
  // zebra rows first, so the grid and the goal lines stay visible over them
  const gridBottom = top + rows.length * rowH;
  rows.forEach((_r, k) => {
    if (k % 2 === 1)
      parts.push(`<rect x="0" y="${top + k * rowH - 4}" width="${width}" height="${rowH}" fill="#f6f8fa"/>`);
  });
  // grid and ticks
  for (const t of ticks) {
    const gx = x(t).toFixed(1);
    parts.push(
      `<line x1="${gx}" y1="${top - 8}" x2="${gx}" y2="${gridBottom}" stroke="#d1d9e0" stroke-width="1"/>`,
      `<text x="${gx}" y="${gridBottom + 16}" text-anchor="middle" fill="#59636e">${t}×</text>`,
    );
  }
  goals.forEach((g, k) => {
    const gx = x(g.at).toFixed(1);
    parts.push(
      `<line x1="${gx}" y1="${top - 8}" x2="${gx}" y2="${gridBottom}" stroke="${COLORS.goal}" stroke-width="1.5" stroke-dasharray="5 4"/>`,
      `<text x="${gx}" y="${gridBottom + 32 + 15 * k}" text-anchor="start" fill="${COLORS.goal}">${xml(g.text)}</text>`,
    );
  });
  // rows
  rows.forEach((r, k) => {
    const y0 = top + k * rowH;
    const weight = r.toolwright ? ' font-weight="700"' : '';
    const color = r.toolwright ? COLORS.toolwright : '#1f2328';
    parts.push(
      `<text x="${left - 10}" y="${y0 + barH + 4}" text-anchor="end" fill="${color}"${weight}>${xml(r.label)}</text>`,
    );
    if (r.note) {
      parts.push(
        `<text x="${left + 6}" y="${y0 + barH + 4}" fill="#59636e" font-style="italic">${xml(r.note)}</text>`,
      );
      return;
    }
    [
      ['valid', r.valid, y0],
      ['invalid', r.invalid, y0 + barH + 2],
    ].forEach(([mode, v, y]) => {
      if (v == null) {
        parts.push(`<text x="${left + 6}" y="${y + barH - 2}" fill="#59636e" font-size="11">n/a</text>`);
        return;
      }
      const w = Math.max(2, x(v) - left);
      parts.push(
        `<rect x="${left}" y="${y}" width="${w.toFixed(1)}" height="${barH}" fill="${COLORS[mode]}" rx="2"/>`,
        `<text x="${(left + w + 5).toFixed(1)}" y="${y + barH - 2}" fill="#1f2328" font-size="11" ` +
          `stroke="#ffffff" stroke-width="3" paint-order="stroke">${fmt(v)}</text>`,
      );
    });
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

/** The call-path chart from the summary. */
function callPathChart(res, summary) {
  const e = res.env;
  const rows = summary.call.rows.map((r) => ({
    label: r.label,
    toolwright: r.side === 'toolwright',
    valid: r.valid?.ratio ?? null,
    invalid: r.invalid?.ratio ?? null,
    note: r.status === 'ok' ? null : r.status === 'pending' ? 'pending' : r.status,
  }));
  return barChart({
    title: 'read_file call path: cost per call as a multiple of the floor',
    subtitle:
      `${e.date.slice(0, 10)} · Node ${e.node} · ${e.cpu}, ${e.cores} cores · median of ${res.options.call.rounds} ` +
      `rounds × ${res.options.runs} run(s)${res.options.quick ? ' · QUICK SMOKE RUN' : ''}`,
    rows,
    goals: [
      { at: 2, text: 'goal valid ≤ 2×' },
      { at: 4, text: 'goal invalid ≤ 4×' },
    ],
  });
}

module.exports = { barChart, callPathChart };
