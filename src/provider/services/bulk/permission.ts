// Bulk changes (issue 18.2): may this operator make this kind of change in this company? Profiles do not exist yet,
// so every operator may do everything; this is the one place profiles will plug in (decision 085).
import type { BulkKind } from '../../../contracts/bulk.ts';
import type { Principal } from '../sessions.ts';

export function operatorMay(_principal: Principal, _kind: BulkKind, _companyId: number): boolean {
  return true;
}
