import { splitCommandLine } from './connect-mcp-source';

describe('splitCommandLine', () => {
  it('splits on whitespace and honours quotes and escapes, without a shell', () => {
    expect(splitCommandLine('npx -y some-server --root "/tmp/my dir"')).toEqual([
      'npx',
      '-y',
      'some-server',
      '--root',
      '/tmp/my dir',
    ]);
    expect(splitCommandLine(`node 'a b' c\\ d "e\\"f" ''`)).toEqual(['node', 'a b', 'c d', 'e"f', '']);
    expect(splitCommandLine('echo $HOME; rm -rf /')).toEqual(['echo', '$HOME;', 'rm', '-rf', '/']);
  });

  it('refuses an unbalanced quote', () => {
    expect(() => splitCommandLine('node "server.js')).toThrow(/unbalanced "/);
  });
});
