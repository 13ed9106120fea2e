// A ViaCEP stand-in for the E2E run: the product's CEP lookup is real, only the external service is a double
// (ViaCEP cannot be reached from the test machine). It knows a few CEPs and answers ViaCEP's `{"erro": true}`
// for the rest, so forms filled by hand elsewhere are never overwritten by a lookup.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const KNOWN_CEPS: Record<string, { logradouro: string; bairro: string; localidade: string; uf: string }> = {
  // Brasília: the demo seed never draws a 700xx CEP, so typing it always differs from the stored one.
  '70040010': { logradouro: 'Setor Bancário Norte Quadra 1', bairro: 'Asa Norte', localidade: 'Brasília', uf: 'DF' },
};

export async function startFakeCep(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const cep = /^\/ws\/(\d{8})\/json\/?$/.exec(req.url ?? '')?.[1];
    res.setHeader('content-type', 'application/json; charset=utf-8');
    if (!cep) {
      res.statusCode = 400;
      res.end('{"erro":true}');
      return;
    }
    const known = KNOWN_CEPS[cep];
    res.end(
      JSON.stringify(known ? { cep: `${cep.slice(0, 5)}-${cep.slice(5)}`, complemento: '', ...known } : { erro: true }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/ws/{cep}/json/` };
}
