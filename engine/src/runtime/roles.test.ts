import { describe, expect, it } from 'vitest';
import { processRoles, type Role, type RoleSettings } from './roles.js';

const scaled: RoleSettings = { configured: undefined, embedded: false, inProcessJobs: false };
const roles = (...names: Role[]) => new Set(names);

describe("a process's roles", () => {
  it('are all three in the embedded default, set or not', () => {
    const embedded = { ...scaled, embedded: true, inProcessJobs: true };
    expect(processRoles('engine', embedded)).toEqual(roles('engine', 'worker', 'projector'));
    expect(processRoles('engine', { ...embedded, configured: ['projector', 'worker', 'engine'] })).toEqual(
      roles('engine', 'worker', 'projector'),
    );
  });

  it('cannot leave a role out where one process is the whole deployment', () => {
    expect(processRoles('engine', { ...scaled, embedded: true, configured: ['engine'] })).toMatch(/every role/);
    expect(processRoles('engine', { ...scaled, inProcessJobs: true, configured: ['engine', 'projector'] })).toMatch(
      /every role/,
    );
  });

  it('default to engine and projector for engines, worker and projector for workers, in the scaled shape', () => {
    expect(processRoles('engine', scaled)).toEqual(roles('engine', 'projector'));
    expect(processRoles('workers', scaled)).toEqual(roles('worker', 'projector'));
  });

  it('are what ROLES names: engines that only answer HTTP, projectors on their own', () => {
    expect(processRoles('engine', { ...scaled, configured: ['engine'] })).toEqual(roles('engine'));
    expect(processRoles('workers', { ...scaled, configured: ['projector'] })).toEqual(roles('projector'));
    expect(processRoles('workers', { ...scaled, configured: ['worker'] })).toEqual(roles('worker'));
  });

  it('refuse an engine program without HTTP and a workers program with it', () => {
    expect(processRoles('engine', { ...scaled, configured: ['projector'] })).toMatch(/holds the engine role/);
    expect(processRoles('workers', { ...scaled, configured: ['engine', 'worker'] })).toMatch(/does not answer HTTP/);
  });
});
