/**
 * The exam form's problems (slots), edited as a list: add, remove, move up or down, set the
 * points, add a challenge to a slot's pool or take it out. Pure functions over the form's values,
 * so every edit is tested without a browser; each returns a new list and leaves the old one alone.
 * A challenge may appear once in an exam (examMessages.repeatedChallenge): `slotHolding` says where
 * it is already, compared without regard to case as test codes are.
 */
export type SlotValues = {
  /** React's key: stays with the slot when it moves. */
  key: string;
  points: string;
  challengeIds: string[];
};

export const DEFAULT_SLOT_POINTS = '100';

let keySeed = 0;
export function newSlot(points = DEFAULT_SLOT_POINTS, challengeIds: string[] = []): SlotValues {
  keySeed += 1;
  return { key: `s${keySeed}`, points, challengeIds };
}

export function addSlot(slots: readonly SlotValues[]): SlotValues[] {
  return [...slots, newSlot()];
}

export function removeSlot(slots: readonly SlotValues[], index: number): SlotValues[] {
  return slots.filter((_, i) => i !== index);
}

/** Moves the slot at `index` by `by` places (-1 up, 1 down); at an end it stays. */
export function moveSlot(slots: readonly SlotValues[], index: number, by: -1 | 1): SlotValues[] {
  const target = index + by;
  const moving = slots[index];
  const other = slots[target];
  if (!moving || !other) return [...slots];
  const next = [...slots];
  next[index] = other;
  next[target] = moving;
  return next;
}

function update(
  slots: readonly SlotValues[],
  index: number,
  change: (slot: SlotValues) => SlotValues,
): SlotValues[] {
  return slots.map((slot, i) => (i === index ? change(slot) : slot));
}

export function setSlotPoints(
  slots: readonly SlotValues[],
  index: number,
  points: string,
): SlotValues[] {
  return update(slots, index, (slot) => ({ ...slot, points }));
}

/** The slot (its index) that holds `challengeId`, or undefined. */
export function slotHolding(slots: readonly SlotValues[], challengeId: string): number | undefined {
  const wanted = challengeId.toLowerCase();
  const index = slots.findIndex((slot) =>
    slot.challengeIds.some((id) => id.toLowerCase() === wanted),
  );
  return index === -1 ? undefined : index;
}

/** Adds a challenge to a slot (one: a fixed problem; more: a pool); never twice in the exam. */
export function addChallenge(
  slots: readonly SlotValues[],
  index: number,
  challengeId: string,
): SlotValues[] {
  if (slotHolding(slots, challengeId) !== undefined) return [...slots];
  return update(slots, index, (slot) => ({
    ...slot,
    challengeIds: [...slot.challengeIds, challengeId],
  }));
}

export function removeChallenge(
  slots: readonly SlotValues[],
  index: number,
  challengeId: string,
): SlotValues[] {
  return update(slots, index, (slot) => ({
    ...slot,
    challengeIds: slot.challengeIds.filter((id) => id !== challengeId),
  }));
}

/** The exam's total as the form stands (slots whose points are not a number count nothing). */
export function totalPoints(slots: readonly SlotValues[]): number {
  return slots.reduce((sum, slot) => {
    const points = Number(slot.points);
    return Number.isFinite(points) && slot.points.trim() !== '' ? sum + points : sum;
  }, 0);
}
