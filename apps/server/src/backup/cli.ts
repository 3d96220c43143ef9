/**
 * The frame of the backup and restore commands: the server's configuration, the arguments after `--`, the lines
 * printed, the exit code. A BackupError is the operator's to fix (its Czech message alone); anything else is
 * printed whole (password masked) with exit 1.
 */
import { loadConfig } from '../config.js';
import { BackupError } from './files.js';
import type { Env } from './commands.js';
import { targetOf } from './postgres.js';

export function runBackupCommand(work: (env: Env, args: string[]) => Promise<string[]>): void {
  let mask = (text: string) => text;
  const main = async (): Promise<number> => {
    const config = loadConfig();
    if (config.databaseUrl) mask = targetOf(config.databaseUrl).mask;
    const env: Env = {
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      cwd: process.env.INIT_CWD ?? process.cwd(),
    };
    const lines = await work(env, process.argv.slice(2));
    console.log(lines.map(mask).join('\n'));
    return 0;
  };
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof BackupError || (error instanceof Error && error.name === 'ConfigError')) {
        console.error(`[panel] ${mask(error.message)}`);
      } else {
        console.error(`[panel] ${mask(error instanceof Error ? (error.stack ?? error.message) : String(error))}`);
      }
      process.exit(1);
    },
  );
}
