/**
 * `npm run restore -- [--force] <file>`: a backup of `npm run backup` into the database of the environment — a
 * fresh DATA_DIR (PGlite) or an empty PostgreSQL database (DATABASE_URL). `--force` replaces a database that is
 * there, keeping it (moved aside / dumped beside). Exit 0 on success, 1 on failure, nothing changed then.
 */
import { restore } from '../backup/commands.js';
import { runBackupCommand } from '../backup/cli.js';

runBackupCommand((env, args) => restore(env, args));
