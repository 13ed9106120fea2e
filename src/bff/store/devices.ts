// Device sessions: device id -> the two session secrets. Re-registration replaces the secrets and the session id,
// which revokes every access token issued for the previous session.
import type { SqlRunner } from '../../platform/database.ts';

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
  constructor(private readonly sql: SqlRunner) {}

  async save(s: DeviceSession): Promise<void> {
    await this.sql.query(
      `insert into bff_device_sessions (device_id, fid, session_id, cipher_aes, token_aes, device_name, ip)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (device_id) do update set
         fid = excluded.fid, session_id = excluded.session_id, cipher_aes = excluded.cipher_aes,
         token_aes = excluded.token_aes, device_name = excluded.device_name, ip = excluded.ip,
         created_at = now(), last_seen_at = now()`,
      [s.deviceId, s.fid, s.sessionId, s.cipherAES, s.tokenAES, s.deviceName, s.ip],
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
      cipherAES: r.cipher_aes,
      tokenAES: r.token_aes,
      deviceName: r.device_name,
      ip: r.ip,
    };
  }

  async touch(deviceId: string, sessionId: string): Promise<void> {
    await this.sql.query(
      'update bff_device_sessions set last_seen_at = now() where device_id = $1 and session_id = $2',
      [deviceId, sessionId],
    );
  }
}
