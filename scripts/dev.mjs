// `npm run dev`: the practice API (restarted on change by tsx watch) plus Vite's dev server
// with hot reload, which proxies API calls to it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './app-build.mjs';

const apiPort = process.env.API_PORT ?? '8081';
const env = { ...process.env, PORT: apiPort, API_PORT: apiPort };
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', path.join(root, 'server/main.ts')], { cwd: root, stdio: 'inherit', env }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', process.env.PORT ?? '5173'], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
