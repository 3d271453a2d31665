'use strict';
// Markdown for stdout, bench/results/latest.md and docs/performance.md.

const fmtNs = (ns) => {
  if (ns == null) return '–';
  if (ns < 1000) return `${Math.round(ns)} ns`;
  if (ns < 1e6) return `${(ns / 1000).toPrecision(3)} µs`;
  return `${(ns / 1e6).toPrecision(3)} ms`;
};
const fmtMs = (ms) => {
  if (ms == null) return '–';
  if (ms < 0.1) return `${(ms * 1000).toPrecision(2)} µs`;
  return ms < 10 ? `${ms.toFixed(2)} ms` : `${ms.toFixed(ms < 100 ? 1 : 0)} ms`;
};
const fmtMB = (mb) => (mb == null ? '–' : `${mb.toFixed(1)} MB`);
const fmtX = (x) =>
  x == null ? '–' : x < 10 ? `${x.toFixed(2)}×` : x < 100 ? `${x.toFixed(1)}×` : `${Math.round(x)}×`;
const fmtRate = (x) => (x == null ? '–' : x >= 1e4 ? `${Math.round(x / 100) / 10}k` : `${Math.round(x)}`);
const esc = (s) =>
  String(s ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\s+/g, ' ')
    .trim();
const goalCell = (goals) => (goals ? goals.map((g) => `${g.met ? '✓' : '✗'} ${g.text}`).join('<br>') : '');
const name = (r) => (r.side === 'toolwright' ? `**${esc(r.label)}**` : esc(r.label));

function table(head, rows) {
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ];
}

/** A row that has no figures: pending (toolwright API not there yet), skipped, or failed. */
function statusCell(r) {
  if (r.status === 'pending') return `*pending: ${esc(r.note)}*`;
  if (r.status === 'skipped') return `*skipped: ${esc(r.note)}*`;
  return `**ERROR**: ${esc(r.note)}`;
}

function filler(r, width) {
  return [name(r), statusCell(r), ...Array(width - 2).fill('')];
}

function machineSection(res) {
  const e = res.env;
  const lines = [
    `- date: ${e.date} (${e.durationS != null ? `run took ${Math.round(e.durationS)} s` : ''})`,
    `- machine: ${e.cpu}, ${e.cores} cores, ${e.memoryGiB} GiB RAM, ${e.os}`,
    `- runtime: Node ${e.node} (V8 ${e.v8})`,
    `- load average (1/5/15 min): ${e.loadStart} at start, ${e.loadEnd} at end`,
    `- toolwright: commit ${e.commit}`,
    `- harness: ${res.options.quick ? '**--quick smoke run: the figures are not a measurement**; ' : ''}` +
      `call path ${res.options.runs} run(s) × ${res.options.call.rounds} rounds of ~${res.options.call.roundMs} ms after ` +
      `${res.options.call.warmupMs} ms warm-up, one \`node --expose-gc\` process per contender × mode; ` +
      `definitions: ${res.options.scaleProcs} process(es) per scenario; HTTP: ${res.options.http.clients} clients, ` +
      `${res.options.http.durationMs} ms window`,
  ];
  return ['## Machine', '', ...lines, ''];
}

function callSection(call) {
  const out = ['## 1. Call path: the model’s JSON string → the tool’s result', ''];
  const f = call.floor;
  out.push(
    'One `read_file` tool (`path` string minLength 1, `offset?` integer ≥ 1, `limit?` integer 1..10000, body ' +
      '`async (a) => ({ path: a.path, lines: a.limit ?? 0 })`), called with the valid arguments ' +
      '`{"path":"src/a.ts","offset":10,"limit":20}` and the invalid `{"path":"","offset":"ten"}`. ' +
      'ns/op: median of the rounds (median over runs); ×floor: ÷ the floor (valid) measured right before that ' +
      'contender in the same run; best: fastest round, ×floor against the floor’s fastest round. ' +
      'The invalid column is divided by the same valid-call floor (the floor does not validate).',
    '',
    `Floor measured ${f.count} times: median ${fmtNs(f.medianNs)}, range ${fmtNs(f.lowNs)} – ${fmtNs(f.highNs)}, ` +
      `best round ${fmtNs(f.bestNs)}.`,
    '',
  );
  const head = [
    'contender',
    'valid ns/op',
    '×floor',
    'best (×floor)',
    'invalid ns/op',
    '×floor',
    'best (×floor)',
    'goal',
  ];
  const rows = call.rows.map((r) => {
    if (r.status !== 'ok') return filler(r, head.length);
    const v = r.valid;
    const i = r.invalid;
    return [
      name(r),
      fmtNs(v?.medianNs),
      fmtX(v?.ratio),
      v ? `${fmtNs(v.bestNs)} (${fmtX(v.bestRatio)})` : '–',
      i ? fmtNs(i.medianNs) : 'n/a (no validation)',
      i ? fmtX(i.ratio) : '',
      i ? `${fmtNs(i.bestNs)} (${fmtX(i.bestRatio)})` : '',
      goalCell(r.goal),
    ];
  });
  out.push(...table(head, rows), '');
  return out;
}

function behaviourSection(call) {
  const out = [
    '## Behaviour (probe, not timed)',
    '',
    'Speed must not be bought with laxness: what each contender does with the valid call, the invalid call, and ' +
      'numeric strings for the integers (`{"path":"src/a.ts","offset":"10","limit":"20"}`).',
    '',
  ];
  const head = ['contender', 'valid call', 'invalid call → (truncated)', '`"10"` for an integer'];
  const rows = call.rows.map((r) => {
    const p = r.probe;
    if (!p || r.status === 'pending' || r.status === 'skipped') return filler(r, head.length);
    if (p.error) return [name(r), `**ERROR** ${esc(p.error)}`, '', ''];
    const valid = p.validOk ? 'ok' : `**wrong**: ${esc(p.valid?.threw ?? p.valid?.shape)}`;
    let invalid;
    if (!p.validates) invalid = 'n/a (does not validate)';
    else if (p.invalid?.threw) invalid = `**threw**: ${esc(p.invalid.threw).slice(0, 160)}`;
    else if (!p.invalidIsError) invalid = `**accepted**: ${esc(p.invalid?.shape)}`;
    else invalid = esc(p.invalid.shape).slice(0, 160);
    const c = p.coerce;
    const coerce = c.threw
      ? `**threw**: ${esc(c.threw).slice(0, 80)}`
      : c.accepted
        ? c.linesType === 'number'
          ? `coerced (limit → ${c.lines})`
          : `passed through unchecked (limit → ${JSON.stringify(c.lines)}, a ${c.linesType})`
        : 'rejected';
    return [name(r), valid, invalid, coerce];
  });
  out.push(...table(head, rows), '');
  return out;
}

function scaleSection(scale, n) {
  const out = [`## 2. Tool definitions: ${n.toLocaleString('en-US')} distinct tools`, ''];
  out.push(
    `Each scenario defines ${n} tools with distinct names, descriptions and field names (nothing can be shared) ` +
      'and derives the definitions a model is sent, in a fresh process: "cold" is the first set in the process ' +
      '(what a program pays at start-up), "second set" a further distinct set in the same process. Retained = heap ' +
      'still used after a full gc, with the tools and definitions kept alive. Median over the processes; ' +
      '×floor divides by the object-literal row.',
    '',
  );
  const floorMs = scale.find((s) => s.id === 'floor-definitions')?.steps?.cold?.ms;
  const defs = scale.filter(
    (s) =>
      ![
        'toolwright-finalize',
        'toolwright-define-derive',
        'toolwright-mcp-list',
        'toolwright-agent-300',
      ].includes(s.id),
  );
  const head = ['contender', 'cold', 'best', 'retained', 'second set', '×floor (cold)', 'goal'];
  const rows = defs.map((s) => {
    const c = s.steps?.cold;
    if (!c) return filler(s, head.length);
    const w = s.steps.warm;
    return [
      name(s),
      fmtMs(c.ms),
      fmtMs(c.bestMs),
      fmtMB(c.retainedMB),
      w ? `${fmtMs(w.ms)}, ${fmtMB(w.retainedMB)}` : '–',
      s.id === 'floor-definitions' ? '1.00×' : fmtX(floorMs ? c.ms / floorMs : null),
      goalCell(s.goal),
    ];
  });
  out.push(...table(head, rows), '');
  out.push('What "cold" covers, row by row:', '');
  for (const s of defs) if (s.steps?.cold) out.push(`- ${esc(s.label)}: ${esc(s.steps.cold.label)}`);
  out.push('');
  const own = scale.find((s) => s.id === 'toolwright-definitions')?.steps;
  if (
    own?.cold?.retainedMB != null &&
    own.classes?.retainedMB != null &&
    own.designTypes?.retainedMB != null
  ) {
    const design = own.designTypes.retainedMB - own.classes.retainedMB;
    out.push(
      `Of toolwright's ${fmtMB(own.cold.retainedMB)} retained, ${fmtMB(own.classes.retainedMB)} is the program's own ` +
        `${n.toLocaleString('en-US')} args and ${n.toLocaleString('en-US')} tool classes (with the options written for their @Tool) and ${fmtMB(design)} the ` +
        "design:type metadata TypeScript emits for their properties (reflect-metadata's maps), both measured without " +
        'toolwright in the same process (steps "classes" and "designTypes" below); toolwright\'s own share is ' +
        `${fmtMB(own.cold.retainedMB - own.designTypes.retainedMB)}. The goal counts the whole.`,
      '',
    );
  }

  const fin = scale.find((s) => s.id === 'toolwright-finalize');
  if (fin) {
    out.push(
      '### finalize() and warm definitions',
      '',
      'A registry of 1,000 and of 10,000 tools, each with a small requirement tree and a description template, ' +
        'finalized in a fresh process; then the definitions of 1,000 tools read again from the warm cache. The goals ' +
        'are ratios of one run: finalize of 1,000 tools against the cold define-and-derive of the same 1,000 tools ' +
        'without a registry (its own fresh process), and 10,000 against 1,000.',
      '',
    );
    const dd = scale.find((s) => s.id === 'toolwright-define-derive')?.steps?.cold;
    const h2 = [
      'contender',
      'define + derive 1k, no registry (cold)',
      'finalize 1k (cold)',
      'finalize 1k ÷ define + derive',
      'retained',
      'finalize 10k',
      'retained',
      '10k ÷ 1k (warm)',
      'warm definitions 1k',
      'goal',
    ];
    const st = fin.steps ?? {};
    const r2 = st.finalize1k
      ? [
          [
            name(fin),
            fmtMs(dd?.ms),
            fmtMs(st.finalize1k.ms),
            fmtX(fin.vsDefineDerive),
            fmtMB(st.finalize1k.retainedMB),
            fmtMs(st.finalize10k?.ms),
            fmtMB(st.finalize10k?.retainedMB),
            fmtX(fin.linearity),
            fmtMs(st.warmDefinitions?.ms),
            goalCell(fin.goal),
          ],
        ]
      : [filler(fin, h2.length)];
    out.push(...table(h2, r2), '');
  }

  // every step, for the curious
  const detail = [];
  for (const s of scale) {
    for (const [key, st] of Object.entries(s.steps ?? {})) {
      if (st.value != null) continue; // figures, not times: in their own table
      detail.push([
        esc(s.label),
        esc(st.label),
        fmtMs(st.ms),
        fmtMs(st.bestMs),
        fmtMB(st.retainedMB),
        `${key}`,
      ]);
    }
  }
  if (detail.length) {
    out.push('<details><summary>Every step of sections 2 and 3</summary>', '');
    out.push(
      ...table(['scenario', 'step', 'median', 'best', 'retained', 'key'], detail),
      '',
      '</details>',
      '',
    );
  }
  return out;
}

function listSection(scale, n) {
  const out = [`## 3. MCP tools/list of ${n.toLocaleString('en-US')} tools`, ''];
  out.push(
    'An SDK Client lists the tools over InMemoryTransport, steady state (after the first lists): median and best of ' +
      'the repetitions. The SDK’s low-level `Server` answering with stored JSON Schemas is shown as the protocol floor.',
    '',
  );
  const sdk = scale.find((s) => s.id === 'mcp-sdk-definitions');
  const tw = scale.find((s) => s.id === 'toolwright-mcp-list');
  const head = [
    'server',
    'revision',
    'tools/list median',
    'best',
    'first list',
    '×stored-schema floor',
    'goal',
  ];
  const rows = [];
  const add = (label, side, revision, st, first, floor, goal) =>
    rows.push([
      side === 'toolwright' ? `**${label}**` : label,
      revision,
      fmtMs(st?.ms),
      fmtMs(st?.bestMs),
      fmtMs(first?.ms),
      fmtX(floor?.ms && st ? st.ms / floor.ms : null),
      goalCell(goal),
    ]);
  const floor25 = sdk?.steps?.['low-list'];
  const floor26 = sdk?.steps?.['low-list-2026'];
  if (sdk?.steps?.list) {
    const floorLabel = 'MCP SDK low-level Server, stored schemas (floor)';
    add(floorLabel, 'peer', '2025-11-25', floor25, sdk.steps['low-list-first'], floor25);
    if (floor26) add(floorLabel, 'peer', '2026-07-28', floor26, sdk.steps['low-list-2026-first'], floor26);
    add(
      'MCP SDK McpServer (zod shapes)',
      'peer',
      '2025-11-25',
      sdk.steps.list,
      sdk.steps['list-first'],
      floor25,
    );
  } else if (sdk) rows.push(filler({ ...sdk, label: 'MCP SDK McpServer' }, head.length));
  if (tw?.steps?.list) {
    add(tw.label, 'toolwright', '2025-11-25', tw.steps.list, tw.steps['list-first'], floor25, tw.goal);
    if (tw.steps['list-2026'])
      add(tw.label, 'toolwright', '2026-07-28', tw.steps['list-2026'], tw.steps['list-2026-first'], floor26);
  } else if (tw) rows.push(filler(tw, head.length));
  out.push(...table(head, rows), '');
  return out;
}

function agentSection(agent) {
  const out = ['## 4. Agent step overhead', ''];
  out.push(
    'One step = one model turn answered by a stub/scripted model with one `read_file` tool call (the valid ' +
      'arguments), the call decoded, executed and its result assembled. No network. Median over runs; ×floor as in ' +
      'section 1.',
    '',
  );
  const head = ['contender', 'per step', 'best', '×floor', 'AI SDK ÷ this', 'goal'];
  const rows = agent.map((r) =>
    r.status !== 'ok'
      ? filler(r, head.length)
      : [
          name(r),
          fmtNs(r.valid?.medianNs),
          fmtNs(r.valid?.bestNs),
          fmtX(r.valid?.ratio),
          r.aiSdkOverThis == null ? '' : fmtX(r.aiSdkOverThis),
          goalCell(r.goal),
        ],
  );
  out.push(...table(head, rows), '');
  return out;
}

function deferredSection(scale) {
  const row = scale.find((s) => s.id === 'toolwright-agent-300');
  if (!row) return [];
  const out = ['### 300 tools: definitions sent per turn', ''];
  out.push(
    'The Agent over 300 distinct tools (3 always sent) with the scripted client: with `toolSearch` over deferred ' +
      'tools (turn 1 searches, turn 2 calls the tool it found, turn 3 answers) and with every tool sent. Bytes are ' +
      "`JSON.stringify(request.tools)` of each turn's request; times are whole runs.",
    '',
  );
  const st = row.steps ?? {};
  if (!st.bytesAll) return [...out, ...table(['contender', 'note'], [filler(row, 2)]), ''];
  const turns = Object.keys(st).filter((key) => /^bytesDeferredTurn\d+$/.test(key));
  const head = [
    'contender',
    'every tool, per turn',
    ...turns.map((key) => `deferred, turn ${key.slice(17)}`),
    'largest ÷ every tool',
    'run (deferred)',
    'run (every tool)',
    'goal',
  ];
  const bytes = (value) => (value == null ? '–' : `${Math.round(value).toLocaleString('en-US')} B`);
  out.push(
    ...table(head, [
      [
        name(row),
        bytes(st.bytesAll.value),
        ...turns.map((key) => bytes(st[key].value)),
        row.deferredShare == null ? '–' : `${(row.deferredShare * 100).toFixed(1)}%`,
        fmtMs(st.runDeferredWarm?.ms ?? st.runDeferred?.ms),
        fmtMs(st.runAll?.ms),
        goalCell(row.goal),
      ],
    ]),
    '',
  );
  return out;
}

function httpSection(http, opts) {
  const out = [`## 5. MCP tools/call over Streamable HTTP, ${opts.http.clients} concurrent clients`, ''];
  out.push(
    `Under 2025-11-25 a load process opens ${opts.http.clients} MCP sessions on 127.0.0.1 (initialize + initialized each); ` +
      `under 2026-07-28 ${opts.http.clients} stateless clients send each request with its \`_meta\` envelope and ` +
      '`Mcp-Method` / `Mcp-Name` headers. Each client sends ' +
      '`tools/call read_file` (valid arguments) back to back, over keep-alive connections; the server runs ' +
      `in its own process. Counted: requests completed inside a ${opts.http.durationMs} ms window after ` +
      `${opts.http.warmupMs} ms of warm-up; the servers take turns, ${opts.runs} run(s) each, median shown. Both ` +
      'processes share the machine’s cores. The task row answers each call with an MCP task and polls ' +
      '`tasks/get` until it completes (one round trip more, at least); the nginx rows put nginx in front of 1 ' +
      'and of 3 `toolwright serve --redis` processes sharing one Redis (docs/deployment.md) — on a machine ' +
      'of two cores the proxy, the processes and the load share them, so these show the cost of the hop, ' +
      'not a scaling figure. Those three rows are divided by toolwright’s plain 2026-07-28 row (“× base”). ' +
      'toolwright serves 2025-11-25 sessions with resumable streams by default (an event store, event ids, ' +
      'a priming event per stream); the SDK row’s transport has no event store, and the row with ' +
      'resumability off is toolwright in that configuration.',
    '',
  );
  const head = [
    'server',
    'calls/s (median)',
    'best run',
    'p50',
    'p99',
    'max',
    'errors',
    '×SDK / × base',
    'goal',
  ];
  const rows = http.map((r) =>
    r.status !== 'ok'
      ? filler(r, head.length)
      : [
          name(r),
          fmtRate(r.throughput),
          fmtRate(r.bestThroughput),
          fmtMs(r.p50Ms),
          fmtMs(r.p99Ms),
          fmtMs(r.maxMs),
          r.errors ? `${r.errors} (${esc(r.firstError).slice(0, 80)})` : '0',
          r.vsSdk == null ? '' : fmtX(r.vsSdk),
          goalCell(r.goal),
        ],
  );
  out.push(...table(head, rows), '');
  return out;
}

function versionsSection(res) {
  const out = ['## Versions', ''];
  const rows = Object.entries(res.versions)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([pkg, v]) => [pkg, esc(v)]);
  out.push(...table(['package', 'version'], rows), '');
  return out;
}

function notesSection(res, summary) {
  const out = ['## Notes', ''];
  const all = [...summary.call.rows, ...summary.agent, ...summary.scale, ...summary.http];
  const items = [
    ...res.notes,
    ...all.filter((x) => x.status === 'pending').map((r) => `pending: ${r.label} — ${r.note}`),
    ...all.filter((x) => x.status === 'error').map((r) => `ERROR: ${r.label} — ${r.note}`),
  ];
  for (const n of items) out.push(`- ${esc(n)}`);
  if (items.length) out.push('');
  out.push('What each call-path and agent-step row does:', '');
  for (const r of [...summary.call.rows, ...summary.agent]) if (r.how) out.push(`- **${r.label}**: ${r.how}`);
  out.push('');
  return out;
}

function renderMarkdown(res, summary) {
  const n = res.options.n;
  return [
    `# toolwright benchmark${res.options.quick ? ' (quick smoke run)' : ''}`,
    '',
    ...machineSection(res),
    ...callSection(summary.call),
    ...behaviourSection(summary.call),
    ...scaleSection(summary.scale, n),
    ...listSection(summary.scale, n),
    ...agentSection(summary.agent),
    ...deferredSection(summary.scale),
    ...httpSection(summary.http, res.options),
    ...versionsSection(res),
    ...notesSection(res, summary),
  ].join('\n');
}

module.exports = { renderMarkdown, fmtX, fmtNs };
