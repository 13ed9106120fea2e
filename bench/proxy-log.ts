// Where both proxies' logs go during the bench: serialised by pino as in production, then written synchronously
// (as pino writes to stdout) to /dev/null, so logging costs what it costs without flooding the terminal.
import { openSync, writeSync } from 'node:fs';

export function discardingLogStream(): { write(line: string): void } {
  const fd = openSync('/dev/null', 'w');
  return {
    write(line: string) {
      writeSync(fd, line);
    },
  };
}
