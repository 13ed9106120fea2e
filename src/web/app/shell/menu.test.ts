import { describe, expect, it } from 'vitest';
import { can, type Profile } from '../../../contracts/profiles.ts';
import { cardMenu, type MenuItem, mainMenu, tabMenu } from './menu.ts';

const activeTitles = (items: MenuItem[]): string[] =>
  items.flatMap((i) => [...(i.active ? [i.title] : []), ...activeTitles(i.children ?? [])]);

describe('menus', () => {
  it('the active main item follows the path', () => {
    expect(activeTitles(mainMenu('/home'))).toEqual(['Cartões da Empresa']);
    expect(activeTitles(mainMenu('/home/details/block'))).toEqual(['Cartões da Empresa']);
    expect(activeTitles(mainMenu('/home/invoices'))).toEqual(['Faturas do Relacionamento']);
    expect(activeTitles(mainMenu('/home/requestcard'))).toEqual(['Solicitar Cartão']);
    expect(activeTitles(mainMenu('/home/bulk'))).toEqual(['Alterações em lote']);
    expect(activeTitles(mainMenu('/home/transactions'))).toEqual(['Transações da Empresa']);
    expect(activeTitles(mainMenu('/home/user/management'))).toEqual(['Gestão de usuários', 'Criar Usuário']);
    expect(activeTitles(mainMenu('/home/user/management/manage'))).toEqual([
      'Gestão de usuários',
      'Gerenciar Usuários',
    ]);
  });

  it('the card sub-menu: holder editor for any other details path, disabled without a card', () => {
    expect(activeTitles(cardMenu('/home/details', true))).toEqual(['Dados do portador']);
    expect(activeTitles(cardMenu('/home/details/outra', true))).toEqual(['Dados do portador']);
    expect(activeTitles(cardMenu('/home/details/request2nd', true))).toEqual(['Solicitar 2ª Via']);
    expect(cardMenu('/home/details', false).every((i) => i.disabled)).toBe(true);
    expect(cardMenu('/home/details', true).map((i) => i.link)).toEqual([
      '/home/details',
      '/home/details/block',
      '/home/details/request2nd',
      '/home/details/unlock',
      '/home/details/limit',
      '/home/details/history',
      '/home/details/cancel',
      // Issue 30's screen, after the spec's items.
      '/home/details/controls',
      '/home/details/virtual',
    ]);
    expect(activeTitles(cardMenu('/home/details/controls', true))).toEqual(['Controles de gasto']);
  });

  it('the tab menu belongs to the details and the user-management areas only', () => {
    expect(tabMenu('/home/details/limit', true)?.items.find((i) => i.active)?.title).toBe('Gestão de Limite');
    expect(tabMenu('/home/user/management/manage', false)?.items.find((i) => i.active)?.title).toBe(
      'Gerenciar Usuários',
    );
    expect(tabMenu('/home/invoices', true)).toBeNull();
  });

  it.each([
    [
      'ADMINISTRADOR',
      [
        'Cartões da Empresa',
        'Faturas do Relacionamento',
        'Solicitar Cartão',
        'Gestão de usuários',
        'Transações da Empresa',
        'Alterações em lote',
        'Auditoria',
      ],
    ],
    [
      'GESTOR_CARTOES',
      [
        'Cartões da Empresa',
        'Faturas do Relacionamento',
        'Solicitar Cartão',
        'Transações da Empresa',
        'Alterações em lote',
      ],
    ],
    ['CONSULTA', ['Cartões da Empresa', 'Faturas do Relacionamento', 'Transações da Empresa']],
  ] as [Profile, string[]][])('issue 16: %s sees exactly its main items', (profile, titles) => {
    const items = mainMenu('/home', (permission) => can(profile, permission));
    expect(items.map((i) => i.title)).toEqual(titles);
  });

  it('spec section 2: its four items first and in its order, the additions after them', () => {
    const titles = mainMenu('/home').map((i) => i.title);
    expect(titles.slice(0, 4)).toEqual([
      'Cartões da Empresa',
      'Faturas do Relacionamento',
      'Solicitar Cartão',
      'Gestão de usuários',
    ]);
    expect(titles.slice(4)).toEqual(['Transações da Empresa', 'Alterações em lote', 'Auditoria']);
  });

  it('issue 16: before the profile is known, no gated item shows', () => {
    expect(mainMenu('/home', () => false).map((i) => i.title)).toEqual([
      'Cartões da Empresa',
      'Faturas do Relacionamento',
      'Transações da Empresa',
    ]);
  });
});
