// GET /keys: the public key a browser seals its device registration to (docs/transport.md).
import type { FastifyPluginAsync } from 'fastify';
import type { StoredKeyPair } from '../store/keys.ts';

export const keysRoutes: FastifyPluginAsync<{ keyPair: StoredKeyPair }> = async (app, { keyPair }) => {
  app.get('/keys', async () => ({ publicKey: keyPair.publicSpki, algorithm: 'RSA-OAEP-256', keySize: keyPair.bits }));
};
