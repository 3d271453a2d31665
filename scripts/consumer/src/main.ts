import createRegistry from './registry.js';

/** Finalizes the registry and makes a good call and a bad one, printing what came back as JSON. */
async function main(): Promise<void> {
  const tools = createRegistry().finalize();
  const good = await tools.call('read_note', '{"title":"todo"}');
  const written = await tools.call('write_note', { title: 'todo', text: ', eggs', append: true });
  const bad = await tools.call('write_note', '{"title":"","text":5}');
  const text = (result: typeof good) =>
    result.content.map((block) => (block.type === 'text' ? block.text : block.type)).join('\n');
  console.log(
    JSON.stringify({
      tools: tools.tools().map((tool) => tool.name),
      good: { ok: good.ok, text: text(good) },
      written: { ok: written.ok, text: text(written) },
      bad: { ok: bad.ok, kind: bad.ok ? undefined : bad.error.kind, text: text(bad) },
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
