// docs/permissions.md, printed from the contract's policies (issue 25): what an issuer's security officer reads before
// a deployment — for every endpoint, what it acts on, who may call it, when it asks for a recent proof of identity,
// what personal data it shows and what it records. `npm run permissions` writes it; a test fails when it is stale.
import { contract, type EndpointName } from './contract.ts';
import { EXPORT_POLICIES, type ExportKindName } from './exports.ts';
import { type Policy, stepUpText } from './policy.ts';
import { PROFILE_LABELS, PROFILE_PERMISSIONS, PROFILES, profilesWith } from './profiles.ts';

const SCOPE_TEXT: Record<Policy['scope']['kind'], string> = {
  public: 'public (before sign-in)',
  self: 'own account',
  company: 'company',
  companies: 'company, or all of the operator’s',
  card: 'card',
  user: 'portal user',
  export: 'by export kind',
};

function scopeText(policy: Policy): string {
  const scope = policy.scope;
  const base = SCOPE_TEXT[scope.kind];
  switch (scope.kind) {
    case 'company':
      return `${base} (${scope.by})`;
    case 'card':
      return `${base} (uuid in the path; ${scope.by})`;
    case 'companies':
      return `${base} (optional cnpj header)`;
    case 'user':
      return `${base} (CPF in the path${scope.in ? `; company by ${scope.in}` : ''}; every company of theirs administered by the operator)`;
    case 'export':
      return `${base} (${scope.phase})`;
    default:
      return base;
  }
}

const profilesText = (policy: Policy) =>
  policy.served === false
    ? 'none (not served by the provider)'
    : policy.scope.kind === 'public'
      ? 'anyone'
      : policy.scope.kind === 'export'
        ? 'by export kind'
        : profilesWith(policy.permission)
            .map((p) => PROFILE_LABELS[p])
            .join(', ');

const revealsText = (policy: Policy) =>
  policy.reveals ? `${policy.reveals.data.join(', ').toUpperCase()} (${policy.reveals.to})` : '—';

const auditsText = (policy: Policy) =>
  policy.audits ? `${policy.audits.trail}: ${policy.audits.actions.join(', ')}` : '—';

const sessionText = (policy: Policy) => {
  const s = policy.session ?? {};
  return [s.temporaryPassword && 'temporary password', s.pendingFactor && 'second factor pending']
    .filter(Boolean)
    .join(', ');
};

const cell = (text: string) => text.replaceAll('|', '\\|');
const row = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;

export function permissionsPage(): string {
  const names = Object.keys(contract) as EndpointName[];
  const lines = [
    '# Permissions',
    '',
    'Printed from the policy each endpoint declares in `src/contracts` (`npm run permissions`; a test fails when this',
    'file is stale). The provider judges every call in this order: not the operator’s or not there → 404; a profile',
    'without the permission → 403 `PROFILE_FORBIDDEN`; the call’s own refusals that write nothing; a session whose',
    'last proof of identity is older than 5 minutes → 403 `STEP_UP_REQUIRED` where the rule asks for one; then the call.',
    '',
    '## Profiles',
    '',
    row(['profile', 'permissions']),
    row(['---', '---']),
    ...PROFILES.map((p) => row([PROFILE_LABELS[p], PROFILE_PERMISSIONS[p].join(', ')])),
    '',
    '## Endpoints',
    '',
    row(['endpoint', 'call', 'acts on', 'profiles', 'step-up', 'reveals', 'audits', 'also for a session with']),
    row(['---', '---', '---', '---', '---', '---', '---', '---']),
    ...names.map((name) => {
      const c = contract[name];
      const policy: Policy = c.policy;
      return row([
        name,
        `${c.method} ${c.path}`,
        scopeText(policy),
        profilesText(policy),
        policy.scope.kind === 'export' && policy.scope.phase === 'ticket'
          ? 'by export kind'
          : stepUpText(policy.stepUp),
        policy.scope.kind === 'export' ? 'by export kind' : revealsText(policy),
        auditsText(policy),
        sessionText(policy) || '—',
      ]);
    }),
    '',
    '## Export kinds',
    '',
    'A ticket (`exportTicket`) and its download (`exportDownload`) are judged by the kind’s policy; the download',
    'again, without the step-up the ticket asked for a minute before.',
    '',
    row(['kind', 'acts on', 'profiles', 'step-up', 'reveals']),
    row(['---', '---', '---', '---', '---']),
    ...(Object.keys(EXPORT_POLICIES) as ExportKindName[]).map((kind) => {
      const policy: Policy = EXPORT_POLICIES[kind];
      return row([kind, scopeText(policy), profilesText(policy), stepUpText(policy.stepUp), revealsText(policy)]);
    }),
    '',
  ];
  return lines.join('\n');
}
