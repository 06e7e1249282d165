// Builds the page into ../assets/ (committed; the server embeds it, so `cargo build` needs
// no Node.js). .ci/run checks that `npm ci && npm run build` gives the committed bytes.
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';

const out = new URL('../assets/', import.meta.url);
const src = new URL('./src/', import.meta.url);
const marker = 'GENERATED from crates/web/frontend/src by `npm run build`: do not edit';

await build({
  entryPoints: [new URL('main.js', src).pathname],
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  legalComments: 'eof',
  banner: { js: `// ${marker}` },
  outfile: new URL('app.js', out).pathname,
});
writeFileSync(new URL('app.css', out), `/* ${marker} */\n` + readFileSync(new URL('style.css', src), 'utf8'));
writeFileSync(new URL('favicon.svg', out), readFileSync(new URL('favicon.svg', src), 'utf8'));
writeFileSync(new URL('index.html', out),
  readFileSync(new URL('index.html', src), 'utf8').replace('<!--MARKER-->', `<!-- ${marker} -->`));
