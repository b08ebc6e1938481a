#!/usr/bin/env bash
# The package as a user gets it: `npm pack`, install the tarball in an empty folder (with vitest and
# @fast-check/vitest, as a user's own suite has), then `npx mapcheck --version`, a cross-profile run
# of a shipped case, a program validated against the shipped JSON Schema's file list, and the
# example property test (examples/library.test.ts) importing `mapcheck` from the installed package.
# Needs the npm registry for the package's dependencies (the npm cache is preferred).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/mapcheck-pack-XXXXXX")"
trap 'rm -rf "$work"' EXIT

cd "$repo"
tarball="$(npm pack --silent --pack-destination "$work" | tail -n 1)"
echo "packed: $tarball ($(du -k "$work/$tarball" | cut -f1) KiB)"

cd "$work"
printf '{ "name": "pack-check", "private": true, "type": "module" }\n' > package.json
deps=(vitest@"$(node -p "require('$repo/package.json').devDependencies.vitest")"
      @fast-check/vitest@"$(node -p "require('$repo/package.json').devDependencies['@fast-check/vitest']")")
npm install --save-exact --prefer-offline --no-audit --no-fund --loglevel=error "./$tarball" "${deps[@]}"

version="$(npx --no-install mapcheck --version)"
expected="$(node -p "require('$repo/package.json').version")"
[ "$version" = "$expected" ] || { echo "pack-check: mapcheck --version printed '$version', expected '$expected'" >&2; exit 1; }
echo "npx mapcheck --version: $version"

npx --no-install mapcheck run node_modules/mapcheck/counterexamples/cases/seed-000-reattach-after-reassociation.json \
  --profile spec,cray-19 --result
test -f node_modules/mapcheck/schemas/program.schema.json
node -e "import('mapcheck/package.json', { with: { type: 'json' } }).then((m) => console.log('exports:', Object.keys(m.default.exports).join(' ')))"

cp "$repo/examples/library.test.ts" .
npx --no-install vitest run library.test.ts
echo "pack-check: ok"
