// The folder of a build that holds what `site start` needs besides the files it serves: written by
// the generator (generator/extras/server-manifest.ts), read by the server (server/build-manifest.ts), never
// served (server/static.ts and the nginx include answer 404 under it).
export const SERVER_DIR = '_server';
/** The site's validated config and UI strings, as JSON. */
export const SERVER_MANIFEST = `${SERVER_DIR}/site.json`;
/** The contact page's forms rendered on the server, one self-contained ES module. */
export const SERVER_FORMS = `${SERVER_DIR}/forms.mjs`;
/** Bumped when the manifest's shape changes; a server refuses a manifest of another version. */
export const SERVER_MANIFEST_VERSION = 2;

/** What the build writes for the servers and hosts to read, never sent by either server: the
 * headers and redirects they apply, and nginx's includes. */
export const HOST_FILES: ReadonlySet<string> = new Set([
  '/_headers',
  '/_redirects',
  '/nginx.conf',
  '/nginx-redirects.conf',
]);
