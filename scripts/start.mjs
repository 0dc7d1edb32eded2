// `npm start`: build the app if needed, then serve it with the embedded practice API on one port.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildAppIfNeeded, root } from './app-build.mjs';

buildAppIfNeeded();
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
