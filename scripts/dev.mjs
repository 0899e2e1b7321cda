// `npm run dev`: the local API on :3000 and webpack-dev-server with hot reload on :8080, proxying the API.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules', '.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', 'server/index.ts'], {
    cwd: root,
    stdio: 'inherit',
    // The dev server proxies with the browser's Host (localhost:8080): that is the public origin here.
    env: {
      ...process.env,
      PORT: process.env.API_PORT ?? '3000',
      PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? 'http://localhost:8080',
    },
  }),
  spawn(bin('webpack'), ['serve', '--mode', 'development'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    if (code) {
      stop();
      process.exit(code);
    }
  }),
);
