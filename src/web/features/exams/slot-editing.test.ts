import { describe, expect, it } from 'vitest';
import {
  addChallenge,
  addSlot,
  moveSlot,
  newSlot,
  removeChallenge,
  removeSlot,
  setSlotPoints,
  slotHolding,
  totalPoints,
  type SlotValues,
} from './slot-editing.ts';

const ids = (slots: SlotValues[]) => slots.map((s) => s.challengeIds.join('+'));

describe('slot editing', () => {
  const start = () => [newSlot('10', ['A']), newSlot('20', ['B1', 'B2']), newSlot('30', ['C'])];

  it('adds an empty slot at the end and removes one by its place', () => {
    const slots = start();
    const added = addSlot(slots);
    expect(ids(added)).toEqual(['A', 'B1+B2', 'C', '']);
    expect(added[3]?.points).toBe('100');
    expect(ids(removeSlot(added, 1))).toEqual(['A', 'C', '']);
    // The list it was given is left alone.
    expect(ids(slots)).toEqual(['A', 'B1+B2', 'C']);
  });

  it('moves a slot up and down with its key, and stays put at either end', () => {
    const slots = start();
    const down = moveSlot(slots, 0, 1);
    expect(ids(down)).toEqual(['B1+B2', 'A', 'C']);
    expect(down[1]?.key).toBe(slots[0]?.key);
    expect(ids(moveSlot(slots, 2, -1))).toEqual(['A', 'C', 'B1+B2']);
    expect(ids(moveSlot(slots, 0, -1))).toEqual(['A', 'B1+B2', 'C']);
    expect(ids(moveSlot(slots, 2, 1))).toEqual(['A', 'B1+B2', 'C']);
  });

  it('makes a pool by adding challenges, never one already in the exam', () => {
    let slots = start();
    slots = addChallenge(slots, 0, 'A2');
    expect(ids(slots)).toEqual(['A+A2', 'B1+B2', 'C']);
    // Already in problem 2 (whatever its case): nothing changes.
    expect(ids(addChallenge(slots, 0, 'b1'))).toEqual(['A+A2', 'B1+B2', 'C']);
    expect(slotHolding(slots, 'c')).toBe(2);
    expect(slotHolding(slots, 'D')).toBeUndefined();
    expect(ids(removeChallenge(slots, 1, 'B1'))).toEqual(['A+A2', 'B2', 'C']);
  });

  it('sets points and adds them up, ignoring what is not a number yet', () => {
    const slots = setSlotPoints(start(), 1, '25');
    expect(slots[1]?.points).toBe('25');
    expect(totalPoints(slots)).toBe(65);
    expect(totalPoints(setSlotPoints(slots, 0, ''))).toBe(55);
    expect(totalPoints(setSlotPoints(slots, 0, 'x'))).toBe(55);
  });
});
