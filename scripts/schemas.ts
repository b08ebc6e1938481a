// Writes the JSON Schemas of the input formats and of every command's --json document into
// schemas/ (`npm run schemas`), from the zod schemas in cli/json.ts. schemas/schemas.test.ts fails
// when the shipped files no longer match.

import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allSchemas } from '../cli/json.js';
import { writeFileAtomic } from '../counterexamples/case.js';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'schemas');
mkdirSync(dir, { recursive: true });
for (const [name, schema] of Object.entries(allSchemas())) {
  writeFileAtomic(join(dir, `${name}.schema.json`), `${JSON.stringify(schema, null, 2)}\n`);
  console.log(`schemas/${name}.schema.json`);
}
