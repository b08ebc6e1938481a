import { describe, expect, it } from 'vitest';
import { HOST_ONLY_FLAGS, hostOnlyEnv, missingTool, toolOnPath } from './host.js';

describe('host-only builds', () => {
  it('disable offloading and force the host fallback at run time', () => {
    expect(HOST_ONLY_FLAGS).toContain('-foffload=disable');
    const env = hostOnlyEnv({ PATH: '/bin', ACC_DEVICE_TYPE: 'nvidia' });
    expect(env).toEqual({ PATH: '/bin', ACC_DEVICE_TYPE: 'host', OMP_TARGET_OFFLOAD: 'DISABLED' });
  });

  it('name a missing tool instead of skipping silently', () => {
    expect(toolOnPath(process.execPath)).toBe(true);
    expect(missingTool(process.execPath)).toBeNull();
    expect(missingTool('mapcheck-no-such-compiler')).toMatch(/^mapcheck-no-such-compiler is not on PATH \(/);
  });
});
