// `npm run dev`: the API server with node --watch on :3000 and Vite with hot reload on :5173
// (proxying /api and /trpc to the server). Ctrl+C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn(
    process.execPath,
    [
      ...process.execArgv,
      '--watch-path=src/server',
      '--watch-path=src/shared',
      '--watch-path=seed',
      'src/server/main.ts',
    ],
    {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'development' },
    },
  ),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env: process.env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
