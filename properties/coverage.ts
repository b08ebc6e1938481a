// Spec-rule coverage: which of the rules the model cites a campaign actually made fire, and how
// often. The list of rules is read from the model's own source text (every string literal that is a
// citation, e.g. 'OpenACC 3.3 §2.7.2 Attach Action'), so a rule added to model/ joins the table
// without anyone keeping a second list in step.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One spec rule: the citation string the model fires, split into its parts. */
export interface Rule {
  citation: string;
  /** `OpenACC 3.3` or `OpenMP 6.0`. */
  version: string;
  /** `§2.7.2`. */
  section: string;
  /** `Attach Action`. */
  title: string;
}

const CITATION = /^((?:OpenACC|OpenMP) \d+(?:\.\d+)*) (§\d+(?:\.\d+)*) (\S.*)$/;

/** Splits a citation into version, section and title; throws when the string is not a citation. */
export function parseCitation(citation: string): Rule {
  const m = CITATION.exec(citation);
  if (!m) throw new Error(`internal: '${citation}' is not a spec citation (expected e.g. 'OpenACC 3.3 §2.7.2 Attach Action')`);
  return { citation, version: m[1]!, section: m[2]!, title: m[3]! };
}

/** Orders rules by spec and version, then by section number (2.7.2 before 2.7.10), then title. */
export function compareRules(x: Rule, y: Rule): number {
  if (x.version !== y.version) return x.version < y.version ? -1 : 1;
  const xs = x.section.slice(1).split('.').map(Number);
  const ys = y.section.slice(1).split('.').map(Number);
  for (let i = 0; i < Math.max(xs.length, ys.length); i++) {
    const d = (xs[i] ?? -1) - (ys[i] ?? -1);
    if (d !== 0) return d;
  }
  return x.title < y.title ? -1 : x.title > y.title ? 1 : 0;
}

// The model's TypeScript sources: beside this file's folder, or two levels up from the build (dist/properties/).
const MODEL_DIR = fileURLToPath(new URL(import.meta.url.endsWith('.js') ? '../../model/' : '../model/', import.meta.url));

/** A quoted string literal whose whole text is a citation (no interpolation). */
const CITATION_LITERAL = /(['"`])((?:OpenACC|OpenMP) \d+(?:\.\d+)* §\d+(?:\.\d+)* [^'"`\n$]+)\1/g;

/** Source text without comments, so citations written in comments (not fired) are not counted. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

/**
 * Every rule the model can fire: the citation string literals of model/**\/*.ts (tests excluded),
 * deduplicated and sorted. Taken from the code, so it follows the model as it grows.
 */
export function modelledRules(modelDir: string = MODEL_DIR): Rule[] {
  const citations = new Set<string>();
  const files = readdirSync(modelDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort();
  for (const file of files) {
    const source = withoutComments(readFileSync(join(modelDir, file), 'utf8'));
    for (const m of source.matchAll(CITATION_LITERAL)) citations.add(m[2]!);
  }
  if (citations.size === 0) throw new Error(`internal: no spec citations found in ${modelDir}`);
  return [...citations].map(parseCitation).sort(compareRules);
}

export interface CoverageRow {
  rule: Rule;
  hits: number;
  /** False for a rule that fired but whose citation is not a literal in model/ (the scan missed it). */
  listed: boolean;
}

/**
 * Hit counts per rule over a campaign. A hit is one step of one model-run side in which the rule
 * fired (a rule fires at most once per step; impl sides record nothing).
 */
export class RuleCoverage {
  private readonly hits = new Map<string, number>();

  constructor(readonly rules: readonly Rule[] = modelledRules()) {
    for (const r of rules) this.hits.set(r.citation, 0);
  }

  /** Counts the rules that fired in one step. */
  record(fired: readonly string[]): void {
    for (const citation of fired) this.hits.set(citation, (this.hits.get(citation) ?? 0) + 1);
  }

  /** Every listed rule (in order), then any rule that fired without being listed. */
  rows(): CoverageRow[] {
    const listed = new Set(this.rules.map((r) => r.citation));
    const extra = [...this.hits.keys()].filter((c) => !listed.has(c)).map(parseCitation).sort(compareRules);
    return [
      ...this.rules.map((rule) => ({ rule, hits: this.hits.get(rule.citation)!, listed: true })),
      ...extra.map((rule) => ({ rule, hits: this.hits.get(rule.citation)!, listed: false })),
    ];
  }

  /** Listed rules no step made fire. */
  unreached(): Rule[] {
    return this.rules.filter((r) => this.hits.get(r.citation) === 0);
  }

  /** Table rows (header first): rule, section, hits, and a flag for rules never reached or not listed. */
  tableRows(): string[][] {
    return [
      ['rule', 'section', 'hits', ''],
      ...this.rows().map((r) => [
        r.rule.title,
        `${r.rule.version} ${r.rule.section}`,
        String(r.hits),
        r.hits === 0 ? '<- never reached' : r.listed ? '' : '<- fired, but no citation literal in model/ names it',
      ]),
    ];
  }

  /** One line: how many modelled rules were reached, and which were not. */
  summary(): string {
    const unreached = this.unreached();
    const total = this.rules.length;
    if (unreached.length === 0) return `all ${total} modelled rules reached`;
    return `${total - unreached.length} of ${total} modelled rules reached; never reached: ${unreached.map((r) => r.citation).join('; ')}`;
  }
}
