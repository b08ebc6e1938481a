// The `-D NAME[=VALUE]` option of the commands that read C sources (import, run, emit, conform),
// as a C compiler takes it: repeatable, `-D NAME` defines NAME as 1, the definitions kept in the
// order given (lang/source/c.ts reads them before the program's first line).

import { InvalidArgumentError, Option } from 'commander';

/** One `-D` argument added to the definitions before it. */
function macroDefinition(raw: string, previous: [string, string][] | undefined): [string, string][] {
  const m = /^([A-Za-z_]\w*)(?:=(.*))?$/s.exec(raw);
  if (!m) throw new InvalidArgumentError('expected NAME or NAME=VALUE, NAME a C identifier (e.g. -D CLAUSE=to).');
  if (/[\x00-\x1f\x7f]/.test(m[2] ?? '')) throw new InvalidArgumentError('expected a VALUE of one line.');
  return [...(previous ?? []), [m[1]!, m[2] ?? '1']];
}

/** A fresh `-D, --define` option (commander options are not shared between commands). */
export function defineOption(): Option {
  return new Option('-D, --define <name[=value]>', "C: define a macro before the program's first line, as a compiler's -D does (a name alone is 1); repeatable").argParser(macroDefinition);
}
