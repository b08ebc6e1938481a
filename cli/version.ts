// The package's version, read from its package.json (the one `npm pack` ships next to cli/).

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function packageVersion(): string {
  // From the sources (cli/) or from the build (dist/cli/).
  const up = import.meta.url.endsWith('.js') ? ['..', '..'] : ['..'];
  const pkg = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), ...up, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}
