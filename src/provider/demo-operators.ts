// Who the demo's operators are, and which of them the second factor skips: what the running provider needs to know
// about the demo without importing the generator that writes it (db/seed/seed.ts, which uses these lists).

export const OTHER_OPERATOR_LOGIN = 'outra';
/**
 * Profiles (issue 16): the demo company's operators with a lesser profile, signing in with the demo password like
 * the demo operator (who is an Administrador), so the portal and the E2E can be seen through each profile.
 */
export const PROFILE_OPERATORS = [
  { login: 'gestor', name: 'Gustavo Henrique Alves', profile: 'GESTOR_CARTOES' },
  { login: 'consulta', name: 'Cecília Andrade Pires', profile: 'CONSULTA' },
] as const;
/** The demo company's other operators; the first three were invited and have not signed in yet. */
export const TEAM = [
  { login: 'novo.operador', name: 'Rafael Nunes Prado', temporary: true },
  { login: 'nova.analista', name: 'Beatriz Moura Teles', temporary: true },
  { login: 'novo.assistente', name: 'Caio Ribeiro Lacerda', temporary: true },
  { login: 'ana.souza', name: 'Ana Paula Souza', temporary: false },
  { login: 'bruno.lima', name: 'Bruno Carvalho Lima', temporary: false },
  { login: 'carla.mendes', name: 'Carla Mendes Rocha', temporary: false },
] as const;

/**
 * The logins the second-factor requirement skips in the demo (decision 091): the operators the demo seed writes, so
 * the demo and its E2E run without an authenticator app. A user created through the portal is not among them, and
 * production (which never seeds) skips nobody.
 */
export function secondFactorExemptLogins(config: { FIDIS_MODE: 'demo' | 'production'; DEMO_LOGIN: string }) {
  if (config.FIDIS_MODE !== 'demo') return new Set<string>();
  return new Set<string>([
    config.DEMO_LOGIN.toLowerCase(),
    OTHER_OPERATOR_LOGIN,
    ...PROFILE_OPERATORS.map((o) => o.login),
    ...TEAM.map((o) => o.login),
  ]);
}
