import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { messages } from '../../../contract/messages.ts';
import { MobileGate } from './mobile-gate.tsx';

const originalWidth = window.innerWidth;

function resizeTo(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

afterEach(() => resizeTo(originalWidth));

describe('MobileGate (spec §2, 450 px cutoff)', () => {
  it('shows only the mobile message under 450 px', () => {
    resizeTo(449);
    render(
      <MobileGate>
        <p>test screen</p>
      </MobileGate>,
    );
    expect(screen.getByText('This page will not open in mobile screen')).toBeTruthy();
    expect(screen.queryByText('test screen')).toBeNull();
  });

  it('shows the screen at 450 px and wider, and follows resizing', () => {
    resizeTo(450);
    render(
      <MobileGate>
        <p>test screen</p>
      </MobileGate>,
    );
    expect(screen.getByText('test screen')).toBeTruthy();
    act(() => resizeTo(375));
    expect(screen.getByText(messages.mobileBlocked)).toBeTruthy();
    expect(screen.queryByText('test screen')).toBeNull();
  });
});
