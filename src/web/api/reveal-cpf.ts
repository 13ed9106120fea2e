// Consulta's audited "mostrar" (decision 090): the holder's full CPF, each call recorded on the audit trail.
import { api } from './index.ts';

/** The full CPF (11 digits) of the account's holder. */
export const revealCpf = async (uuid: string): Promise<string> =>
  (await api.revealCpf({ params: { uuid } })).documentNumber;
