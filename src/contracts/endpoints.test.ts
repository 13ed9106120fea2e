import { describe, expect, it } from 'vitest';
import { buildPath, endpoints, matchEndpoint } from './endpoints.ts';

const UUID = '0b8f3c2e-5a1d-4c3e-9f00-1234567890ab';

describe('endpoint catalogue', () => {
  it('matches every catalogue entry by its own method and built path', () => {
    for (const [name, ep] of Object.entries(endpoints)) {
      const params = { uuid: UUID, documentNumber: '12345678909', numeroDocumento: '12345678909', cep: '01310200' };
      const path = buildPath(name as keyof typeof endpoints, params);
      expect(matchEndpoint(ep.method, path)?.name, `${ep.method} ${path}`).toBe(name);
    }
  });

  it('extracts path parameters', () => {
    expect(matchEndpoint('POST', `/v1/cards/block/${UUID}`)?.params).toEqual({ uuid: UUID });
    expect(matchEndpoint('DELETE', '/v0/portal/usuario/12345678909')?.params).toEqual({
      numeroDocumento: '12345678909',
    });
  });

  it('refuses a wrong method, unknown paths and parameters that could bend the path', () => {
    expect(matchEndpoint('DELETE', '/v1/corporate/companies')).toBeNull();
    expect(matchEndpoint('GET', '/v1/corporate/companies/')).toBeNull();
    expect(matchEndpoint('GET', '/v1/admin')).toBeNull();
    expect(matchEndpoint('POST', '/v1/cards/block/..%2f..%2fadmin')).toBeNull();
    expect(matchEndpoint('POST', `/v1/cards/block/${UUID}/../x`)).toBeNull();
    expect(matchEndpoint('GET', '/v1/cards/123.456')).toBeNull();
  });

  it('has the password change, whose body the allowlist checks with the new-password rule (decision 074)', () => {
    const match = matchEndpoint('PUT', '/v0/portal/usuario/senha');
    expect(match?.name).toBe('changePassword');
    const body = match?.endpoint.body;
    const ok = { senhaAtual: 'x', novaSenha: 'MinhaSenhaNova2026', confirmarNovaSenha: 'MinhaSenhaNova2026' };
    expect(body?.safeParse(ok).success).toBe(true);
    expect(body?.safeParse({ ...ok, novaSenha: 'curta1' }).success).toBe(false);
    expect(body?.safeParse({ ...ok, senhaAtual: '' }).success).toBe(false);
    expect(matchEndpoint('POST', '/v0/portal/usuario/senha')).toBeNull();
  });

  it('encodes parameters when building a path and refuses a missing one', () => {
    expect(buildPath('cardsByDocument', { documentNumber: '1/2' })).toBe('/v1/cards/1%2F2');
    expect(() => buildPath('blockCard')).toThrow(/uuid/);
  });
});
