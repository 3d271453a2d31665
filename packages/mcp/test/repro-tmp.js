const { Client } = require('@modelcontextprotocol/client');
const { StdioClientTransport } = require('@modelcontextprotocol/client/stdio');
(async () => {
  const transport = new StdioClientTransport({ command: process.execPath, args: [__dirname + '/tee-tmp.js'], stderr: 'pipe' });
  transport.stderr.on('data', (c) => process.stderr.write(c));
  const client = new Client({ name: 'r', version: '1' }, { capabilities: {}, versionNegotiation: { mode: { pin: process.argv[2] } } });
  await client.connect(transport);
  const c = new AbortController();
  const t0 = Date.now();
  const slow = client.callTool({ name: 'slow', arguments: {} }, { signal: c.signal });
  c.abort('stop');
  await slow.catch((e) => console.log('rejected', e.message, Date.now() - t0));
  const r = await client.callTool({ name: 'aborted_count', arguments: {} });
  console.log(Date.now() - t0, r.content[0].text);
  await client.close();
})();
