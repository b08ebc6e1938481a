// The engines of an earlier commit, loaded into the bench process next to the current ones, so a
// speed-up is a ratio measured in one run on one machine (the machine is often busy: numbers from
// two runs do not compare).
//
// The commit is checked out with `git worktree add --detach` into the system's temporary folder
// (once; later runs reuse it), with node_modules linked to this checkout's, and its TypeScript is
// imported through tsx like the current tree's.

import { execFileSync } from 'node:child_process';
import { existsSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EngineFactory } from '../lang/engine.js';
import type { Program } from '../lang/program.js';
import type { Profile } from '../profiles/index.js';

export interface BaselineSide {
  rev: string;
  dir: string;
  modelEngine: EngineFactory;
  implEngine: EngineFactory;
  /** The baseline model's own step function and initial state (its state is immutable, so one state can start many programs). */
  model: {
    initialState: (program: Program, profile: Profile) => unknown;
    step: (state: unknown, s: Program['steps'][number], profile: Profile) => { state: unknown; observation: { kind: string } };
    snapshot: (state: unknown) => unknown;
  };
  /** The baseline's refinement check of one program (its own engines, snapshots and comparison). */
  firstDivergence: (program: Program, a: unknown, b: unknown, mode: 'observations' | 'state') => unknown;
  /** The baseline's campaign. */
  runCampaign: (o: never) => { runs: number; found: unknown };
  loadProfile: (name: string) => Profile;
}

/** Checks out `rev` (once) and imports its engines; null with the reason printed when it cannot. */
export async function loadBaseline(rev: string, root: string): Promise<BaselineSide | null> {
  let full: string;
  try {
    full = execFileSync('git', ['-C', root, 'rev-parse', '--verify', `${rev}^{commit}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    console.log(`baseline ${rev}: not a commit of this checkout (a shallow clone?); baseline comparisons skipped\n`);
    return null;
  }
  const dir = join(tmpdir(), `mapcheck-bench-${full.slice(0, 12)}`);
  if (!existsSync(join(dir, 'model', 'index.ts'))) {
    try {
      execFileSync('git', ['-C', root, 'worktree', 'prune'], { stdio: 'ignore' });
      execFileSync('git', ['-C', root, 'worktree', 'add', '--detach', dir, full], { stdio: 'ignore' });
    } catch (e) {
      console.log(`baseline ${rev}: git worktree add ${dir} failed (${(e as Error).message.split('\n')[0]}); baseline comparisons skipped\n`);
      return null;
    }
  }
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(resolve(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const load = (path: string) => import(pathToFileURL(join(dir, path)).href);
  const model = await load('model/index.ts');
  const impl = await load('impl/index.ts');
  const compare = await load('properties/compare.ts');
  const campaign = await load('properties/campaign.ts');
  const profiles = await load('profiles/index.ts');
  return {
    rev: full.slice(0, 7),
    dir,
    modelEngine: model.modelEngine,
    model: { initialState: model.initialState, step: model.step, snapshot: model.snapshot },
    implEngine: impl.implEngine,
    firstDivergence: compare.firstDivergence,
    runCampaign: campaign.runCampaign,
    loadProfile: profiles.loadProfile,
  };
}
