import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act } from '@testing-library/react';
import { TextField } from './text-field.tsx';

function NameForm({ onValue }: { onValue: (value: string) => void }) {
  const [name, setName] = useState('');
  return (
    <TextField
      label="Name"
      name="name"
      value={name}
      onChange={(event) => {
        setName(event.target.value.toLowerCase());
        onValue(event.target.value.toLowerCase());
      }}
    />
  );
}

describe('a field typed into before hydration', () => {
  it('hands the typed text to the form as if typed after hydration', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<NameForm onValue={() => undefined} />);
    const input = container.querySelector('input');
    if (!input) throw new Error('no input');
    input.value = 'Ada';
    const seen: string[] = [];
    await act(async () => {
      hydrateRoot(container, <NameForm onValue={(value) => seen.push(value)} />);
    });
    expect(seen).toEqual(['ada']);
    expect(input.value).toBe('ada');
    container.remove();
  });

  it('changes nothing when nothing was typed', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<NameForm onValue={() => undefined} />);
    const seen: string[] = [];
    await act(async () => {
      hydrateRoot(container, <NameForm onValue={(value) => seen.push(value)} />);
    });
    expect(seen).toEqual([]);
    container.remove();
  });
});
