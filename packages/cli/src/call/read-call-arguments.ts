/** Where `call` reads its arguments from when they are not on the command line. */
export interface ArgumentsInput {
  readonly isTTY?: boolean;
  [Symbol.asyncIterator](): AsyncIterator<string | Buffer>;
}

/**
 * The raw JSON arguments of `call`: the command-line value; or, for `-` or none, all of stdin (`{}`
 * when no argument was given and stdin is a terminal, so nobody waits on a prompt they cannot see).
 */
export async function readCallArguments(json: string | undefined, stdin: ArgumentsInput): Promise<string> {
  if (json !== undefined && json !== '-') return json;
  if (json === undefined && stdin.isTTY === true) return '{}';
  const chunks: Buffer[] = [];
  for await (const chunk of stdin as AsyncIterable<string | Buffer>) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  }
  // The decoder reads empty text as {}.
  return Buffer.concat(chunks).toString('utf8').trim();
}
