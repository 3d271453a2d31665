import { ToolSet, eraseTool, eraseTools } from '@toolwright/core';
import { Arithmetic, ReadFile, greet } from './tools';

// Until the agent demo exists, `npm start` shows the boundary itself: the schemas a model sees,
// and what happens to good and bad calls.
async function main(): Promise<void> {
  const files = new Map([['src/a.ts', 'line 1\nline 2\nline 3\nline 4']]);
  const tools = new ToolSet();
  tools.add(eraseTool(new ReadFile(files)));
  for (const tool of eraseTools(new Arithmetic())) tools.add(tool);
  tools.add(eraseTool(greet));

  console.log('== Tool definitions (what the model sees)\n');
  for (const definition of tools.definitions()) {
    console.log(`${definition.name}: ${definition.description}`);
    console.log(`  ${JSON.stringify(definition.inputSchema)}\n`);
  }

  const calls: [string, string][] = [
    ['read_file', '{"path":"src/a.ts","offset":2,"limit":2}'],
    ['read_file', '{"path":"","offset":"ten"}'],
    ['read_file', '{"path":"src/a.ts","limit":"2"}'],
    ['add', '{"a":2,"b":40}'],
    ['add', '{"a":2.5,"b":1,"c":3}'],
    ['count_down', '{"from":3}'],
    ['greet', '{"who":"world"}'],
    ['greet', '```json\n{"who":"world"}\n```'],
    ['raed_file', '{"path":"src/a.ts"}'],
  ];
  console.log('== Calls\n');
  for (const [name, raw] of calls) {
    console.log(`> ${name} ${raw.replace(/\n/g, '\\n')}`);
    const result = await tools.call(name, raw, {
      onProgress: (item) => {
        if (item.kind === 'text') console.log(`  … ${item.text}`);
      },
    });
    const text = result.content
      .map((block) => (block.type === 'text' ? block.text : `[${block.type}]`))
      .join('\n');
    const indented = text.replace(/\n/g, '\n    ');
    console.log(result.ok ? `  ok: ${indented}` : `  ${result.error.kind}: ${indented}`);
    console.log();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
