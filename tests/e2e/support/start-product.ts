// Starts the SMTP capture and the ViaCEP stand-in, then the product exactly as a newcomer does (`npm start`), for
// the E2E run. The capture comes first so that mail sent while seeding (temporary passwords) is caught too.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { LOCK_DIR } from './company-limit.ts';
import { E2E } from './env.ts';
import { startFakeCep } from './fake-cep.ts';
import { startMailCapture } from './mail-capture.ts';

rmSync(E2E.dataDir, { recursive: true, force: true });
// The signed-in states of an earlier run name sessions of a product that is gone (signed-in-states.ts).
rmSync(`${E2E.dataDir}-states`, { recursive: true, force: true });
rmSync(LOCK_DIR, { recursive: true, force: true });
const capture = await startMailCapture(E2E.smtpPort);
const cep = await startFakeCep();
const product = spawn('npm', ['start'], { stdio: 'inherit', env: { ...process.env, CEP_API_URL: cep.url } });

const stop = () => {
  product.kill('SIGTERM');
  capture.close();
  cep.server.close();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
product.on('exit', (code) => {
  capture.close();
  cep.server.close();
  process.exit(code ?? 0);
});
