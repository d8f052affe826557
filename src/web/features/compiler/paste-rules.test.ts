import { describe, expect, it } from 'vitest';
import { createCopyMemory, decidePaste } from './paste-rules.ts';

describe('decidePaste', () => {
  it('lets a text copied in the editor be pasted, even with paste disabled', () => {
    const memory = createCopyMemory();
    memory.remember('print(x)\n');
    expect(decidePaste('print(x)\r\n', memory, true)).toEqual({ kind: 'own' });
  });

  it('blocks text from outside when paste is disabled, and counts its characters', () => {
    const memory = createCopyMemory();
    memory.remember('mine');
    expect(decidePaste('héllo', memory, true)).toEqual({
      kind: 'outside',
      blocked: true,
      chars: 5,
    });
    expect(decidePaste('héllo', memory, false)).toEqual({
      kind: 'outside',
      blocked: false,
      chars: 5,
    });
  });

  it('forgets the oldest copies beyond twenty', () => {
    const memory = createCopyMemory();
    for (let i = 0; i < 21; i++) memory.remember(`copy ${i}`);
    expect(memory.isOwn('copy 0')).toBe(false);
    expect(memory.isOwn('copy 20')).toBe(true);
  });
});
