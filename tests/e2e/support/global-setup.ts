import { E2E } from './env.ts';
import { startMailCapture } from './mail-capture.ts';

export default async function globalSetup() {
  const server = await startMailCapture(E2E.smtpPort);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
