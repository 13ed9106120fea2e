import { describe, expect, it } from 'vitest';
import { pagesOf, useAppStore } from './app-store.ts';
import { waitForHydration } from './hydration.ts';
import { memoryStore } from './memory-store.ts';

describe('client state', () => {
  it('persists the session slices and the device identity under the key fidis', () => {
    useAppStore.getState().signIn({ usuario: 'Maria', companies: [] }, 'user-token');
    useAppStore.getState().setCompany({ name: 'Alfa', cnpj: '11222333000181', relationCode: 'REL-1' });
    const stored = JSON.parse(localStorage.getItem('fidis') ?? '{}');
    expect(stored.state.authenticate).toEqual({ user: { usuario: 'Maria', companies: [] }, token: 'user-token' });
    expect(stored.state.company).toEqual({ name: 'Alfa', cnpj: '11222333000181', relationCode: 'REL-1' });
    expect(stored.state.relationship.currentPage).toBe(1);
    expect(stored.state.companyCards).toEqual({ last4digits: '', action: '', consultCard: null });
    expect(stored.state.device.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never writes the transport secrets to storage', () => {
    memoryStore.setState({
      authorization: 'device-token',
      crypto: { public: 'KEY', cipherAES: 'CIPHER-SECRET', tokenAES: 'TOKEN-SECRET' },
    });
    useAppStore.getState().signIn({ usuario: 'Maria', companies: [] }, 'user-token');
    const everything = Object.keys(localStorage)
      .map((k) => localStorage.getItem(k))
      .join('');
    for (const secret of ['device-token', 'CIPHER-SECRET', 'TOKEN-SECRET']) expect(everything).not.toContain(secret);
  });

  it('sign-out clears the session but keeps the device identity', () => {
    const device = useAppStore.getState().device;
    useAppStore.getState().signIn({ usuario: 'Maria', companies: [] }, 'user-token');
    useAppStore.getState().signOut();
    expect(useAppStore.getState().authenticate).toEqual({ user: null, token: null });
    expect(useAppStore.getState().device).toEqual(device);
  });

  it('counts pages of 50, rounded up', () => {
    expect(pagesOf(0)).toEqual([]);
    expect(pagesOf(50)).toEqual([{ page: 1 }]);
    expect(pagesOf(51)).toEqual([{ page: 1 }, { page: 2 }]);
  });

  it('restores from localStorage without waiting for the time-out', async () => {
    await expect(waitForHydration(5000)).resolves.toBe('restored');
  });
});
