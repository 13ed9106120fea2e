import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Profile } from '../../../contracts/profiles.ts';
import { useAppStore } from '../store/index.ts';
import { profileOf } from './profile.ts';
import { useCan, useProfile } from './use-can.ts';

const ALFA = { corporateName: 'Empresa Alfa Ltda', cnpj: '11222333000181', relationCode: 'REL-1' };
const BETA = { corporateName: 'Beta Serviços S.A.', cnpj: '44555666000199', relationCode: 'REL-2' };

function signInAs(alfa: Profile, beta: Profile) {
  const store = useAppStore.getState();
  store.signOut();
  store.signIn({
    usuario: 'Maria Operadora',
    login: 'maria.operadora',
    companies: [
      { ...ALFA, perfil: alfa },
      { ...BETA, perfil: beta },
    ],
  });
}
const choose = (c: typeof ALFA) =>
  useAppStore.getState().setCompany({ name: c.corporateName, cnpj: c.cnpj, relationCode: c.relationCode });

describe('useCan (issue 16)', () => {
  beforeEach(() => useAppStore.getState().signOut());

  it('answers for the chosen company, from the profile the login answer carried for it', () => {
    signInAs('CONSULTA', 'GESTOR_CARTOES');
    choose(ALFA);
    const { result, rerender } = renderHook(() => ({
      profile: useProfile(),
      read: useCan('cards.read'),
      write: useCan('cards.write'),
      users: useCan('users.manage'),
    }));
    expect(result.current).toEqual({ profile: 'CONSULTA', read: true, write: false, users: false });
    choose(BETA);
    rerender();
    expect(result.current).toEqual({ profile: 'GESTOR_CARTOES', read: true, write: true, users: false });
  });

  it('Administrador may do everything, the audit trail included', () => {
    signInAs('ADMINISTRADOR', 'CONSULTA');
    choose(ALFA);
    const { result } = renderHook(() => [useCan('cards.write'), useCan('users.manage'), useCan('audit.read')]);
    expect(result.current).toEqual([true, true, true]);
  });

  it('decides nothing before the session is known (a reload), and nothing signed out', () => {
    choose(ALFA);
    useAppStore.setState({ authenticate: { user: null, signedIn: true } });
    const { result } = renderHook(() => [useProfile(), useCan('cards.read')]);
    expect(result.current).toEqual([undefined, false]);
  });

  it('a company entry without perfil counts as Administrador (state written by hand, as screen tests do)', () => {
    const state = {
      authenticate: { user: { usuario: 'x', login: 'maria.operadora', companies: [ALFA] }, signedIn: true },
      company: { name: ALFA.corporateName, cnpj: ALFA.cnpj, relationCode: ALFA.relationCode },
    };
    expect(profileOf(state)).toBe('ADMINISTRADOR');
    expect(profileOf({ ...state, company: null })).toBeUndefined();
  });
});
