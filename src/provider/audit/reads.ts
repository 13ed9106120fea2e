// Every sensitive read on the record (issue 29, PCI DSS 10.2.1.1): a full CPF or address shown to an operator, and the
// audit trail opened. One audit row per read would put a write — and the company's chain lock — on the busiest reads
// of the portal (a page of accounts, the CPF search); instead the reads of one operator in one company are gathered
// and written as one audit row a second (or every READS_PER_ROW reads), which lists each read with its time, the call
// and what it showed. A read is answered before it is written: at most the last second of reads of an instance that
// dies is lost, as with any buffered log; a clean stop writes what is pending.
import type { Db } from '../db/client.ts';
import { appendAudit } from './append.ts';

/** How often the gathered reads are written, and how many one row may list before it is written at once. */
export const READS_FLUSH_MS = 1_000;
export const READS_PER_ROW = 200;

export type ReadAction = 'personal-data.read' | 'audit.read';

export interface SensitiveRead {
  action: ReadAction;
  actorUserId: string;
  companyId: number;
  address: string | null;
  at: Date;
  /** The endpoint that answered. */
  endpoint: string;
  /** What the answer showed: an account, a page of the company's list, the trail's period. */
  target: string;
  /** The personal data the answer carried in full ('cpf', 'address'); none for the trail. */
  data: readonly string[];
}

interface Log {
  error(obj: object, msg: string): void;
}

const keyOf = (r: SensitiveRead) => `${r.action} ${r.companyId} ${r.actorUserId} ${r.address ?? ''}`;

export class ReadLog {
  private pending = new Map<string, SensitiveRead[]>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  /** `immediate`: each read written before its answer leaves (tests, where a write must belong to its call). */
  constructor(
    private readonly db: Db,
    private readonly log: Log,
    private readonly clock: () => Date,
    private readonly immediate = false,
  ) {}

  record(what: Omit<SensitiveRead, 'at'>): Promise<void> | undefined {
    const read = { ...what, at: this.clock() };
    if (this.immediate) return this.write([[read]]);
    const key = keyOf(read);
    const list = this.pending.get(key) ?? [];
    list.push(read);
    this.pending.set(key, list);
    if (list.length >= READS_PER_ROW) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), READS_FLUSH_MS);
    return undefined;
  }

  /** Writes every read gathered so far (one audit row per operator, company, address and kind of read). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batches = [...this.pending.values()];
    this.pending = new Map();
    if (batches.length === 0) return this.writing;
    this.writing = this.writing.then(() => this.write(batches));
    return this.writing;
  }

  private async write(batches: SensitiveRead[][]): Promise<void> {
    const rows = batches.map((reads) => {
      const [first] = reads as [SensitiveRead];
      return {
        actorUserId: first.actorUserId,
        at: first.at,
        action: first.action,
        target: reads.length === 1 ? first.target : `${reads.length} leituras`,
        companyId: first.companyId,
        address: first.address ? first.address.slice(0, 45) : null,
        after: {
          leituras: reads.map((r) => ({
            em: r.at.toISOString(),
            chamada: r.endpoint,
            alvo: r.target,
            ...(r.data.length > 0 ? { dados: r.data } : {}),
          })),
        },
      };
    });
    try {
      await appendAudit(this.db, rows);
    } catch (err) {
      // The answers already went out: the failure is logged loudly rather than thrown at nobody.
      this.log.error({ err, rows: rows.length }, 'sensitive reads not recorded');
    }
  }
}
