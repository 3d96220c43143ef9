/**
 * `npm run backup -- [--out <folder>]`: one backup of the server's database (DATABASE_URL, else the PGlite in
 * DATA_DIR — made by the running server when one runs) as `panel-YYYYMMDD-HHMMSS.{tar.gz|dump}` (UTC) in the
 * folder (default `DATA_DIR/backups`, or `./backups` with DATABASE_URL). Exit 0 on success, 1 on failure.
 * Plain ES module code: runs under tsx and compiled (`node apps/server/dist/cli/backup.js`).
 */
import { backup } from '../backup/commands.js';
import { runBackupCommand } from '../backup/cli.js';

runBackupCommand((env, args) => backup(env, args));
