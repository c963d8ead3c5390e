// The apps/server folder, which the server's files on disk are found from (the migrations,
// the pincode table, package.json, the built web app and back office beside it). The sources
// (src/*.ts) and the built server (dist/*.js, into which this module is bundled) both sit one
// folder below it, so one path serves both (decision 073).
import { fileURLToPath } from 'node:url';

export const serverDir = fileURLToPath(new URL('..', import.meta.url));
