// impl unit tests of impl/refs.ts: references compiled to host byte ranges. Expected addresses are
// worked out by hand from lang/program.ts hostLayout (arrays first, then structs, each object
// 0x100-aligned with a gap of at least 0x100 bytes; 4-byte elements, 16-byte pointer members).
// Bad references are refused with lang/parseRef's message.

import { describe, expect, it } from 'vitest';
import type { World } from '../lang/program.js';
import { REF_ARRAY, REF_MEMBER, REF_STRUCT, WorldRefs, refsOf } from './refs.js';

// a: 0x1000 (40 bytes), b: 0x1200 (20 bytes), c: 0x1400 (2 members, 32 bytes), cs: 0x1600 (12
// elements of 2 members: 384 bytes).
const world: World = {
  arrays: [
    { name: 'a', length: 10, init: 1 },
    { name: 'b', length: 5 },
  ],
  structs: [
    { name: 'c', pointers: ['p', 'ptr'] },
    { name: 'cs', pointers: ['p', 'ptr'], count: 12 },
  ],
};

describe('compiled references', () => {
  const refs = new WorldRefs(world);
  const range = (text: string) => {
    const r = refs.get(text);
    return { kind: r.kind, root: r.root, start: r.start, end: r.end, slots: r.pointerSlots, text: r.text };
  };

  it('arrays and subarrays: their element bytes', () => {
    expect(range('a')).toEqual({ kind: REF_ARRAY, root: 'a', start: 0x1000, end: 0x1028, slots: 0, text: 'a' });
    expect(range('a(2:5)')).toEqual({ kind: REF_ARRAY, root: 'a', start: 0x1004, end: 0x1014, slots: 0, text: 'a(2:5)' });
    expect(range('a(1:10)')).toMatchObject({ start: 0x1000, end: 0x1028 });
    expect(range('a(10:10)')).toMatchObject({ start: 0x1024, end: 0x1028 });
    expect(range('b')).toMatchObject({ kind: REF_ARRAY, root: 'b', start: 0x1200, end: 0x1214 });
  });

  it('zero-length sections a(k:k-1), 1 <= k <= n + 1: the empty range at element k', () => {
    expect(range('a(4:3)')).toEqual({ kind: REF_ARRAY, root: 'a', start: 0x100c, end: 0x100c, slots: 0, text: 'a(4:3)' });
    expect(range('a(1:0)')).toMatchObject({ start: 0x1000, end: 0x1000 });
    expect(range('a(11:10)')).toMatchObject({ start: 0x1028, end: 0x1028 });
  });

  it('a struct and its members: the descriptors, one after another', () => {
    expect(range('c')).toEqual({ kind: REF_STRUCT, root: 'c', start: 0x1400, end: 0x1420, slots: 2, text: 'c' });
    expect(range('c%p')).toEqual({ kind: REF_MEMBER, root: 'c', start: 0x1400, end: 0x1410, slots: 0, text: 'c%p' });
    expect(range('c%ptr')).toEqual({ kind: REF_MEMBER, root: 'c', start: 0x1410, end: 0x1420, slots: 0, text: 'c%ptr' });
  });

  it('an array of structs: whole, sections, elements and element members', () => {
    expect(range('cs')).toEqual({ kind: REF_STRUCT, root: 'cs', start: 0x1600, end: 0x1780, slots: 24, text: 'cs' });
    expect(range('cs(2:3)')).toEqual({ kind: REF_STRUCT, root: 'cs', start: 0x1620, end: 0x1660, slots: 4, text: 'cs(2:3)' });
    expect(range('cs(3:3)')).toMatchObject({ kind: REF_STRUCT, start: 0x1640, end: 0x1660, slots: 2 });
    expect(range('cs(1:12)')).toMatchObject({ start: 0x1600, end: 0x1780, slots: 24 });
    expect(range('cs(2)')).toEqual({ kind: REF_STRUCT, root: 'cs', start: 0x1620, end: 0x1640, slots: 2, text: 'cs(2)' });
    expect(range('cs(12)')).toMatchObject({ kind: REF_STRUCT, start: 0x1760, end: 0x1780, slots: 2 });
    expect(range('cs(1)%p')).toEqual({ kind: REF_MEMBER, root: 'cs', start: 0x1600, end: 0x1610, slots: 0, text: 'cs(1)%p' });
    expect(range('cs(3)%ptr')).toEqual({ kind: REF_MEMBER, root: 'cs', start: 0x1650, end: 0x1660, slots: 0, text: 'cs(3)%ptr' });
    expect(range('cs(11)%ptr')).toMatchObject({ kind: REF_MEMBER, start: 0x1750, end: 0x1760 });
  });

  it('refuses what lang/parseRef refuses, with its message', () => {
    const bad: [string, RegExp][] = [
      ['a(0:3)', /outside a\(1:10\)/],
      ['a(1:11)', /outside a\(1:10\)/],
      ['a(5:3)', /outside a\(1:10\)/],
      ['a(12:11)', /outside a\(1:10\)/],
      ['a(0:-1)', /outside a\(1:10\)/],
      ['a%p', /not a struct/],
      ['c(1:2)', /not an array/],
      ['c%q', /no pointer member 'q'/],
      ['cs%p', /array of 12 structs/],
      ['cs(0:2)', /outside cs\(1:12\)/],
      ['cs(12:13)', /outside cs\(1:12\)/],
      ['cs(3:2)', /outside cs\(1:12\)/],
      ['cs(0)', /outside cs\(1:12\)/],
      ['cs(13)%p', /outside cs\(1:12\)/],
      ['cs(2)%q', /no pointer member 'q'/],
      ['zz', /not declared/],
      ['+a', /not a variable reference/],
      ['a(1:2)+', /not a variable reference/],
      ['a+', /not a variable reference/],
      ['+cs(2)', /not a variable reference/],
      ['cs(2)+', /not a variable reference/],
      ['cs(2)%p+', /not a variable reference/],
      ['a(2)', /not a variable reference/],
    ];
    for (const [text, message] of bad) expect(() => refs.get(text), text).toThrow(message);
  });

  it('compiles a reference once; names host objects in layout order', () => {
    expect(refs.get('a(2:5)')).toBe(refs.get('a(2:5)'));
    expect(refs.get('cs(2)%p')).toBe(refs.get('cs(2)%p'));
    expect([...refs.hostObjects()].map((o) => [o.name, o.start])).toEqual([
      ['a', 0x1000],
      ['b', 0x1200],
      ['c', 0x1400],
      ['cs', 0x1600],
    ]);
    expect(refs.object('c')).toMatchObject({ name: 'c', start: 0x1400, bytes: 32 });
    expect(() => refs.object('zz')).toThrow(/internal: no host object 'zz'/);
  });

  it('one WorldRefs per world', () => {
    expect(refsOf(world)).toBe(refsOf(world));
    expect(refsOf({ ...world })).not.toBe(refsOf(world));
  });

  // Non-pointer members (lang/README.md "Structs"): int32 words after the pointer descriptors, in
  // declaration order; a section only of an array member, inside its bounds.
  it('non-pointer members: their words after the descriptors; bad bounds refused with lang\'s message', () => {
    // a: 0x1000 (40 bytes); c: 0x1200, its descriptor p (16 bytes), n at 0x1210, arr(4) at 0x1214
    const m = new WorldRefs({
      arrays: [{ name: 'a', length: 10, init: 1 }],
      structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'n', init: 5 }, { name: 'arr', length: 4, init: [1, 2, 3, 4] }] }],
    });
    const at = (text: string) => [m.get(text).kind, m.get(text).start, m.get(text).end];
    expect(at('c%n')).toEqual([REF_ARRAY, 0x1210, 0x1214]);
    expect(at('c%arr')).toEqual([REF_ARRAY, 0x1214, 0x1224]);
    expect(at('c%arr(2:3)')).toEqual([REF_ARRAY, 0x1218, 0x1220]);
    expect(at('c%arr(1:4)')).toEqual([REF_ARRAY, 0x1214, 0x1224]);
    expect(at('c')).toEqual([REF_STRUCT, 0x1200, 0x1224]);
    const bad: [string, RegExp][] = [
      ['c%n(1:1)', /'c%n' is a scalar member, so 'c%n\(1:1\)' cannot take bounds/],
      ['c%arr(0:2)', /bounds \(0:2\) of 'c%arr\(0:2\)' are outside c%arr\(1:4\)/],
      ['c%arr(2:5)', /are outside c%arr\(1:4\)/],
      ['c%arr(3:2)', /are outside c%arr\(1:4\) or empty/],
      ['a%p(1:2)', /'a' is not a struct/],
      ['c%zz(1:2)', /'c' has no member 'zz'/],
    ];
    for (const [text, message] of bad) expect(() => m.get(text), text).toThrow(message);
    // the whole text is a member section, or refused as lang refuses it
    for (const text of ['+c%arr(1:2)', 'c%arr(1:2)+', 'c%arr(1:2)%p']) expect(() => m.get(text), text).toThrow(/not a variable reference/);
    // longer names and bounds of more than one digit
    const long = new WorldRefs({ arrays: [], structs: [{ name: 'cc', pointers: ['p'], fields: [{ name: 'arr', length: 12 }] }] });
    expect([long.get('cc%arr(10:12)').start, long.get('cc%arr(10:12)').end]).toEqual([0x1000 + 16 + 36, 0x1000 + 16 + 48]);
  });

  // Member subarrays (lang/README.md "Member subarrays"): the pointer member's descriptor with the
  // section's bounds; the elements are found from the host pointer when a step runs.
  it('member sections: the pointer member with bounds; bad bounds refused with lang\'s message', () => {
    // a: 0x1000; c: 0x1200 (descriptor p at 0x1200); cs: 0x1400, two elements of one descriptor
    const m = new WorldRefs({ arrays: [{ name: 'a', length: 10 }], structs: [{ name: 'c', pointers: ['p'] }, { name: 'cs', pointers: ['p'], count: 2 }] });
    const sec = (text: string) => [m.get(text).kind, m.get(text).start, m.get(text).end, m.get(text).section];
    expect(sec('c%p(2:5)')).toEqual([REF_MEMBER, 0x1200, 0x1210, [2, 5]]);
    expect(sec('cs(2)%p(10:12)')).toEqual([REF_MEMBER, 0x1410, 0x1420, [10, 12]]);
    expect(m.get('c%p').section).toBeUndefined();
    // zero-length member sections (lo = hi + 1, lo <= 4097): the member with those bounds
    expect(sec('c%p(3:2)')).toEqual([REF_MEMBER, 0x1200, 0x1210, [3, 2]]);
    expect(sec('c%p(4097:4096)')).toEqual([REF_MEMBER, 0x1200, 0x1210, [4097, 4096]]);
    expect(sec('c%p(1:0)')).toEqual([REF_MEMBER, 0x1200, 0x1210, [1, 0]]);
    const bad: [string, RegExp][] = [
      ['c%p(0:2)', /bounds \(0:2\) of 'c%p\(0:2\)' are empty or outside 1:4096/],
      ['c%p(3:1)', /are empty or outside 1:4096/],
      ['c%p(4098:4097)', /are empty or outside 1:4096/],
      ['c%p(0:-1)', /are empty or outside 1:4096/],
      ['c%p(1:4097)', /are empty or outside 1:4096/],
      ['cs%p(1:2)', /'cs' is an array of 2 structs/],
      ['cs(3)%p(1:2)', /element 3 of 'cs\(3\)%p\(1:2\)' is outside cs\(1:2\)/],
    ];
    for (const [text, message] of bad) expect(() => m.get(text), text).toThrow(message);
  });
  // Member sections at their bounds (lang/README.md "Member subarrays": l..u inside 1:4096, l <= u):
  // one element, the last bound, a multi-letter member, an element index of two digits; a section
  // inside a longer text is refused as lang refuses it.
  it('member sections at the bounds 1:4096, of one element, of a longer member name and of element 10', () => {
    const m = new WorldRefs({ arrays: [], structs: [{ name: 'c', pointers: ['p', 'ptr'] }, { name: 'cs', pointers: ['p'], count: 12 }] });
    const sec = (text: string) => [m.get(text).kind, m.get(text).start - m.object(m.get(text).root).start, m.get(text).section];
    expect(sec('c%p(3:3)')).toEqual([REF_MEMBER, 0, [3, 3]]);
    expect(sec('c%p(1:4096)')).toEqual([REF_MEMBER, 0, [1, 4096]]);
    expect(sec('c%ptr(2:4)')).toEqual([REF_MEMBER, 16, [2, 4]]);
    expect(sec('cs(10)%p(1:2)')).toEqual([REF_MEMBER, 9 * 16, [1, 2]]);
    for (const text of ['+c%p(2:5)', 'c%p(2:5)+', 'x+cs(2)%p(1:2)']) expect(() => m.get(text), text).toThrow(/not a variable reference/);
  });
});

// Rank-2 arrays (lang/README.md "Rank-2 arrays and sections"): a(i, j) is storage element
// (j - 1) n1 + i; a section is taken only when contiguous (every row of some columns, or rows of one
// column) and inside the array; everything else is refused with lang/parseRef's message.
describe('rank-2 sections', () => {
  const world2: World = {
    arrays: [
      { name: 'm2', length: 12, shape: [3, 4] },
      { name: 'ww', length: 100, shape: [10, 10] },
      { name: 'b', length: 4 },
    ],
    structs: [{ name: 'c', pointers: ['p'] }],
  };
  const refs = new WorldRefs(world2);
  // [first element, one past the last] of the section, in 0-based storage elements
  const elements = (text: string) => {
    const r = refs.get(text);
    const base = refs.object(r.root).start;
    return [r.kind, r.root, (r.start - base) / 4, (r.end - base) / 4, r.pointerSlots];
  };

  it('every row of some columns, rows of one column, and the whole array: their storage in array element order', () => {
    expect(elements('m2(1:3,2:3)')).toEqual([REF_ARRAY, 'm2', 3, 9, 0]);
    expect(elements('m2(2:3,4:4)')).toEqual([REF_ARRAY, 'm2', 10, 12, 0]);
    expect(elements('m2(1:1,1:1)')).toEqual([REF_ARRAY, 'm2', 0, 1, 0]);
    expect(elements('m2(3:3,4:4)')).toEqual([REF_ARRAY, 'm2', 11, 12, 0]);
    expect(elements('m2(1:3,1:4)')).toEqual([REF_ARRAY, 'm2', 0, 12, 0]);
    expect(elements('m2(1:3,4:4)')).toEqual([REF_ARRAY, 'm2', 9, 12, 0]);
    expect(elements('m2(2:2,1:1)')).toEqual([REF_ARRAY, 'm2', 1, 2, 0]);
    expect(elements('m2')).toEqual([REF_ARRAY, 'm2', 0, 12, 0]);
    // bounds of two digits, a name of two characters
    expect(elements('ww(10:10,10:10)')).toEqual([REF_ARRAY, 'ww', 99, 100, 0]);
    expect(elements('ww(1:10,2:10)')).toEqual([REF_ARRAY, 'ww', 10, 100, 0]);
  });

  it('refuses non-contiguous sections, bounds outside or empty, rank mismatches and longer texts, with lang\'s message', () => {
    const bad: [string, RegExp][] = [
      ['m2(1:2,2:3)', /is not contiguous \(rows 1:2 of 1:3 in 2 columns\)/],
      ['m2(2:3,2:3)', /is not contiguous \(rows 2:3 of 1:3 in 2 columns\)/],
      ['m2(2:3,1:4)', /is not contiguous/],
      ['m2(0:3,1:1)', /bounds \(0:3,1:1\) of 'm2\(0:3,1:1\)' are outside m2\(1:3,1:4\) or empty/],
      ['m2(3:2,1:1)', /are outside m2\(1:3,1:4\) or empty/],
      ['m2(1:4,1:1)', /are outside m2\(1:3,1:4\) or empty/],
      ['m2(1:3,0:1)', /are outside m2\(1:3,1:4\) or empty/],
      ['m2(1:3,3:2)', /are outside m2\(1:3,1:4\) or empty/],
      ['m2(1:3,4:5)', /are outside m2\(1:3,1:4\) or empty/],
      ['m2(2:2,5:5)', /are outside m2\(1:3,1:4\) or empty/],
      ['m2(2:2,0:0)', /are outside m2\(1:3,1:4\) or empty/],
      ['m2(4:4,1:1)', /are outside m2\(1:3,1:4\) or empty/],
      ['m2(1:2)', /'m2\(1:2\)' has 1 subscript but 'm2' has rank 2/],
      ['b(1:2,1:1)', /'b\(1:2,1:1\)' has 2 subscripts but 'b' has rank 1/],
      ['+m2(1:3,2:3)', /not a variable reference/],
      ['m2(1:3,2:3)+', /not a variable reference/],
    ];
    for (const [text, message] of bad) expect(() => refs.get(text), text).toThrow(message);
  });
});
