'use strict';
// Turns the raw measurements into the figures the tables show: medians across runs and processes,
// ratios to the floor of the same run, goals.
const { median, min, ratio } = require('./stats');

/**
 * One call-path (or agent-step) mode across runs. Each run pairs the contender's figure with the
 * floor measured right before it: ×floor = median(contender median ÷ adjacent floor median);
 * best ×floor = the contender's fastest round ÷ the floor's fastest round in the whole invocation.
 */
function callMode(runs, mode, floorBestNs) {
  const ok = runs.filter((r) => r[mode] && r[mode].medianNs != null);
  if (ok.length === 0) return null;
  const ratios = ok.map((r) => ratio(r[mode].medianNs, r.floor?.medianNs)).filter((x) => x != null);
  const bestNs = min(ok.map((r) => r[mode].bestNs));
  return {
    medianNs: median(ok.map((r) => r[mode].medianNs)),
    ratio: ratios.length ? median(ratios) : null,
    bestNs,
    bestRatio: ratio(bestNs, floorBestNs),
    perRun: ok.map((r) => ({
      medianNs: r[mode].medianNs,
      ratio: ratio(r[mode].medianNs, r.floor?.medianNs),
    })),
  };
}

/** All floor measurements (the floor row's own and the adjacent ones). */
function floorStats(rows) {
  const all = [];
  for (const row of rows) {
    for (const run of row.runs ?? []) {
      if (row.id === 'floor' && run.valid?.medianNs != null) all.push(run.valid);
      if (row.id !== 'floor' && run.floor?.medianNs != null) all.push(run.floor);
    }
  }
  return {
    count: all.length,
    medianNs: median(all.map((f) => f.medianNs)),
    lowNs: min(all.map((f) => f.medianNs)),
    highNs: all.length ? Math.max(...all.map((f) => f.medianNs)) : null,
    bestNs: min(all.map((f) => f.bestNs)),
  };
}

function summarizeCall(rows) {
  const floor = floorStats(rows);
  const out = rows.map((row) => {
    const s = {
      id: row.id,
      label: row.label,
      side: row.side,
      how: row.how,
      status: row.status,
      note: row.note,
    };
    s.probe = row.probe ?? null;
    if (row.status !== 'ok') return s;
    if (row.id === 'floor') {
      // the floor row shows every floor measurement of the run (its own and the adjacent ones)
      s.valid = { medianNs: floor.medianNs, ratio: 1, bestNs: floor.bestNs, bestRatio: 1, perRun: [] };
      s.invalid = null;
    } else {
      s.valid = callMode(row.runs, 'valid', floor.bestNs);
      s.invalid = callMode(row.runs, 'invalid', floor.bestNs);
    }
    if (row.goal?.valid != null) {
      const v = s.valid?.ratio;
      const i = s.invalid?.ratio;
      s.goal = [
        { text: `valid ≤ ${row.goal.valid}×`, met: v != null && v <= row.goal.valid },
        { text: `invalid ≤ ${row.goal.invalid}×`, met: i != null && i <= row.goal.invalid },
      ];
    }
    return s;
  });
  // Rows measured against a peer row of the same section (MCP in memory: toolwright's server vs the
  // SDK's McpServer, both called by the same client): throughput ratio = the peer's time ÷ ours.
  for (const s of out) {
    const goal = rows.find((r) => r.id === s.id)?.goal;
    if (goal?.vsRow == null) continue;
    const peer = out.find((o) => o.id === goal.vsRow);
    const vs = (mode) => ratio(peer?.[mode]?.medianNs, s[mode]?.medianNs);
    s.vsPeer = { valid: vs('valid'), invalid: vs('invalid') };
    s.goal = ['valid', 'invalid'].map((mode) => ({
      text: `${mode} ≥ ${goal.min}× ${peer?.label ?? goal.vsRow} (${s.vsPeer[mode] == null ? '–' : s.vsPeer[mode].toFixed(2)}×)`,
      met: s.vsPeer[mode] != null && s.vsPeer[mode] >= goal.min,
    }));
  }
  // Rows measured against a reference row of toolwright's own (a feature on vs off): time ratio =
  // this row's median ÷ the reference's, at most `max`.
  for (const s of out) {
    const goal = rows.find((r) => r.id === s.id)?.goal;
    if (goal?.overRow == null) continue;
    const reference = out.find((o) => o.id === goal.overRow);
    const over = (mode) => ratio(s[mode]?.medianNs, reference?.[mode]?.medianNs);
    s.overReference = { valid: over('valid'), invalid: over('invalid') };
    s.goal = ['valid', 'invalid'].map((mode) => ({
      text: `${mode} ≤ ${goal.max}× ${reference?.label ?? goal.overRow} (${s.overReference[mode] == null ? '–' : s.overReference[mode].toFixed(2)}×)`,
      met: s.overReference[mode] != null && s.overReference[mode] <= goal.max,
    }));
  }
  return { floor, rows: out };
}

function summarizeAgent(rows, floor) {
  const aiSdk = rows.find((r) => r.id === 'ai-sdk-generate-text');
  const aiSdkNs =
    aiSdk?.status === 'ok' ? median(aiSdk.runs.map((r) => r.valid?.medianNs).filter(Boolean)) : null;
  const out = rows.map((row) => {
    const s = {
      id: row.id,
      label: row.label,
      side: row.side,
      how: row.how,
      status: row.status,
      note: row.note,
    };
    if (row.status !== 'ok') return s;
    s.valid = callMode(row.runs, 'valid', floor.bestNs);
    s.aiSdkOverThis = row.id === 'ai-sdk-generate-text' ? null : ratio(aiSdkNs, s.valid?.medianNs);
    if (row.goal?.maxUs != null) {
      const us = s.valid ? s.valid.medianNs / 1000 : null;
      s.goal = [
        { text: `≤ ${row.goal.maxUs} µs`, met: us != null && us <= row.goal.maxUs },
        {
          text: `≥ ${row.goal.belowAiSdk}× below AI SDK`,
          met: s.aiSdkOverThis != null && s.aiSdkOverThis >= row.goal.belowAiSdk,
        },
      ];
    }
    return s;
  });
  // Rows measured against another row of the section (an adapter in a framework's loop against the
  // same tool written natively for it): the other row's time ÷ ours, valid calls only.
  for (const s of out) {
    const goal = rows.find((r) => r.id === s.id)?.goal;
    if (goal?.vsRow == null) continue;
    const peer = out.find((o) => o.id === goal.vsRow);
    const x = ratio(peer?.valid?.medianNs, s.valid?.medianNs);
    s.vsPeer = { valid: x };
    s.goal = [
      {
        text: `≥ ${goal.min}× ${peer?.label ?? goal.vsRow} (${x == null ? '–' : x.toFixed(2)}×)`,
        met: x != null && x >= goal.min,
      },
    ];
  }
  return out;
}

/** Scale steps: per step key, the median over processes (time, retained heap) and the best. */
function summarizeScale(rows) {
  // Rows are summarized in plan order; a goal that compares with another row reads its summary.
  const summaries = [];
  for (const row of rows) summaries.push(summarizeScaleRow(row, summaries));
  // tools/list against the SDK's low-level Server answering stored schemas, revision by revision
  const sdk = summaries.find((o) => o.id === 'mcp-sdk-definitions');
  for (const s of summaries) {
    const g = rows.find((r) => r.id === s.id)?.goal;
    if (g?.vsLowList == null) continue;
    for (const [revision, mine, floor] of [
      ['2025-11-25', 'list', 'low-list'],
      ['2026-07-28', 'list-2026', 'low-list-2026'],
    ]) {
      const a = s.steps[mine]?.ms;
      const b = sdk?.steps?.[floor]?.ms;
      const x = a != null && b ? a / b : null;
      (s.goal ??= []).push({
        text: `${revision} ≤ ${g.vsLowList}× stored-schema Server (${x == null ? '–' : x.toFixed(2)}×)`,
        met: x != null && x <= g.vsLowList,
      });
    }
  }
  return summaries;
}

function summarizeScaleRow(row, summaries) {
  return ((row) => {
    const s = { id: row.id, label: row.label, side: row.side, status: row.status, note: row.note, steps: {} };
    if (row.status !== 'ok' && !(row.procs ?? []).some((p) => p.rows?.length)) return s;
    const order = [];
    const byKey = new Map();
    for (const proc of row.procs ?? []) {
      for (const step of proc.rows ?? []) {
        if (!byKey.has(step.key)) {
          byKey.set(step.key, []);
          order.push(step.key);
        }
        byKey.get(step.key).push(step);
      }
    }
    for (const key of order) {
      const xs = byKey.get(key);
      const retained = xs.map((x) => x.retainedMB).filter((x) => x != null);
      if (xs[0].value != null) {
        s.steps[key] = {
          label: xs[0].label,
          value: median(xs.map((x) => x.value)),
          unit: xs[0].unit,
          samples: xs.length,
        };
        continue;
      }
      s.steps[key] = {
        label: xs[0].label,
        ms: median(xs.map((x) => x.ms)),
        bestMs: min(xs.map((x) => x.bestMs ?? x.ms)),
        retainedMB: retained.length ? median(retained) : null,
        samples: xs.length,
        reps: xs[0].reps ?? null,
      };
    }
    const g = row.goal ?? {};
    const st = s.steps;
    const goals = [];
    if (g.ms != null && st.cold) {
      goals.push({ text: `≤ ${g.ms} ms`, met: st.cold.ms <= g.ms });
      goals.push({
        text: `≤ ${g.retainedMB} MB`,
        met: st.cold.retainedMB != null && st.cold.retainedMB <= g.retainedMB,
      });
    }
    if (g.vsDefineDerive != null && st.finalize1k) {
      const baseline = summaries.find((other) => other.id === 'toolwright-define-derive')?.steps.cold;
      s.vsDefineDerive = baseline ? st.finalize1k.ms / baseline.ms : null;
      goals.push({
        text: `1k ≤ ${g.vsDefineDerive}× define-and-derive (${s.vsDefineDerive == null ? '–' : s.vsDefineDerive.toFixed(2)}×)`,
        met: s.vsDefineDerive != null && s.vsDefineDerive <= g.vsDefineDerive,
      });
    }
    const base1k = st.finalize1kWarm ?? st.finalize1k; // warm, so JIT warm-up does not flatter the 10k figure
    if (g.linear10k != null && base1k && st.finalize10k) {
      s.linearity = st.finalize10k.ms / base1k.ms;
      goals.push({
        text: `10k ≤ ${g.linear10k}× 1k (${s.linearity.toFixed(2)}×)`,
        met: s.linearity <= g.linear10k,
      });
    }
    if (g.warmDefsMs != null && st.warmDefinitions)
      goals.push({ text: `warm ≤ ${g.warmDefsMs} ms`, met: st.warmDefinitions.ms <= g.warmDefsMs });
    if (g.listMs != null && st.list) goals.push({ text: `≤ ${g.listMs} ms`, met: st.list.ms <= g.listMs });
    if (g.deferredShare != null && st.bytesAll && st.bytesDeferredMax) {
      s.deferredShare = st.bytesDeferredMax.value / st.bytesAll.value;
      goals.push({
        text: `≤ ${Math.round(g.deferredShare * 100)}% of all definitions (${(s.deferredShare * 100).toFixed(1)}%)`,
        met: s.deferredShare <= g.deferredShare,
      });
    }
    if (goals.length) s.goal = goals;
    return s;
  })(row);
}

/** HTTP load: the median over runs of throughput and of each run's p50 / p99. */
function summarizeHttp(rows) {
  const merged = rows.map((row) => {
    const loads = (row.loads ?? []).filter((l) => l.throughput != null);
    if (row.status !== 'ok' || loads.length === 0) return { row, load: null };
    const pick = (k) => median(loads.map((l) => l[k]));
    return {
      row,
      load: {
        throughput: pick('throughput'),
        bestThroughput: Math.max(...loads.map((l) => l.throughput)),
        p50Ms: pick('p50Ms'),
        p99Ms: pick('p99Ms'),
        maxMs: Math.max(...loads.map((l) => l.maxMs)),
        requests: loads.reduce((a, l) => a + l.requests, 0),
        errors: loads.reduce((a, l) => a + l.errors, 0),
        firstError: loads.find((l) => l.firstError)?.firstError ?? null,
        clients: loads[0].clients,
        runs: loads.length,
      },
    };
  });
  return merged.map(({ row, load }) => {
    const s = { id: row.id, label: row.label, side: row.side, status: row.status, note: row.note };
    if (!load) return s;
    Object.assign(s, load);
    // each toolwright row is divided by the SDK row of its own revision, or by its `base` row
    // (the task and deployment rows: toolwright's own plain 2026-07-28 row)
    const sdk = merged.find((m) => m.row.id === (row.base ?? row.goal?.sdk ?? 'mcp-sdk-http') && m.load);
    if (row.base) s.base = row.base;
    s.vsSdk = row.side === 'peer' ? null : ratio(load.throughput, sdk?.load?.throughput);
    if (row.goal?.vsSdk != null)
      s.goal = [{ text: `≥ ${row.goal.vsSdk}× SDK`, met: s.vsSdk != null && s.vsSdk >= row.goal.vsSdk }];
    return s;
  });
}

module.exports = { summarizeCall, summarizeAgent, summarizeScale, summarizeHttp };
