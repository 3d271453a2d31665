// `npm start`: the agent demo. Offline by default; set OPENAI_BASE_URL and OPENAI_MODEL for a real model.
import { runDemo } from './run-demo';

const controller = new AbortController();
process.once('SIGINT', () => controller.abort());

runDemo({
  output: process.stdout,
  signal: controller.signal,
  keepWorkspace: process.env['KEEP_WORKSPACE'] === '1',
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
