// Device sessions: device id -> the two session secrets. Re-registration replaces the secrets and the session id,
// which revokes every access token issued for the previous session.
import type { SqlRunner } from '../../platform/database.ts';
import { MasterKey, sealedLabel } from '../../platform/master-key.ts';

// The two secrets are the AES keys of a live session: stored sealed under the master key (decision 072), each bound
// to its column and device. Rows written before that are read as they are; the purge retires them.
const cipherLabel = (deviceId: string) => sealedLabel('bff_device_sessions.cipher_aes', deviceId);
const tokenLabel = (deviceId: string) => sealedLabel('bff_device_sessions.token_aes', deviceId);
const openStored = (key: MasterKey, label: string, stored: string) =>
  MasterKey.isSealed(stored) ? key.open(label, stored).toString('utf8') : stored;

export interface DeviceSession {
  deviceId: string;
  fid: string;
  sessionId: string;
  cipherAES: string;
  tokenAES: string;
  deviceName: string;
  ip: string;
}

interface Row {
  device_id: string;
  fid: string;
  session_id: string;
  cipher_aes: string;
  token_aes: string;
  device_name: string;
  ip: string;
}

export class DeviceStore {
  constructor(
    private readonly sql: SqlRunner,
    private readonly masterKey: MasterKey,
  ) {}

  async save(s: DeviceSession): Promise<void> {
    await this.sql.query(
      `insert into bff_device_sessions (device_id, fid, session_id, cipher_aes, token_aes, device_name, ip)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (device_id) do update set
         fid = excluded.fid, session_id = excluded.session_id, cipher_aes = excluded.cipher_aes,
         token_aes = excluded.token_aes, device_name = excluded.device_name, ip = excluded.ip,
         created_at = now(), last_seen_at = now()`,
      [
        s.deviceId,
        s.fid,
        s.sessionId,
        this.masterKey.seal(cipherLabel(s.deviceId), Buffer.from(s.cipherAES, 'utf8')),
        this.masterKey.seal(tokenLabel(s.deviceId), Buffer.from(s.tokenAES, 'utf8')),
        s.deviceName,
        s.ip,
      ],
    );
  }

  async find(deviceId: string): Promise<DeviceSession | null> {
    const { rows } = await this.sql.query<Row>(
      `select device_id, fid, session_id, cipher_aes, token_aes, device_name, ip
       from bff_device_sessions where device_id = $1`,
      [deviceId],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      deviceId: r.device_id,
      fid: r.fid,
      sessionId: r.session_id,
      cipherAES: openStored(this.masterKey, cipherLabel(r.device_id), r.cipher_aes),
      tokenAES: openStored(this.masterKey, tokenLabel(r.device_id), r.token_aes),
      deviceName: r.device_name,
      ip: r.ip,
    };
  }

  /**
   * Deletes the sessions registered more than `ageMs` ago: their access tokens (issued only at registration) have
   * expired, so the secrets they hold open nothing. Answers how many went.
   */
  async purgeOlderThan(ageMs: number): Promise<number> {
    const { rows } = await this.sql.query<{ n: number }>(
      `with gone as (
         delete from bff_device_sessions where created_at < now() - make_interval(secs => $1) returning 1
       ) select count(*)::int as n from gone`,
      [ageMs / 1000],
    );
    return rows[0]?.n ?? 0;
  }

  async touch(deviceId: string, sessionId: string): Promise<void> {
    await this.sql.query(
      'update bff_device_sessions set last_seen_at = now() where device_id = $1 and session_id = $2',
      [deviceId, sessionId],
    );
  }
}
