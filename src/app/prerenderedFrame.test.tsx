import { render } from '@testing-library/react';
import { FRAME_ID, FRAMED_CLASS, PrerenderedFrameHandOff, removePrerenderedFrame } from './prerenderedFrame';

describe('the prerendered frame’s hand-over', () => {
  beforeEach(() => {
    document.body.innerHTML = `<div id="${FRAME_ID}"><h1>My Clips</h1></div><div id="root"></div>`;
    document.documentElement.classList.add(FRAMED_CLASS);
  });

  it('takes the frame away when a screen is on, before the browser paints', () => {
    render(<PrerenderedFrameHandOff />, { container: document.getElementById('root')! });
    expect(document.getElementById(FRAME_ID)).toBeNull();
    expect(document.documentElement.classList.contains(FRAMED_CLASS)).toBe(false);
  });

  it('does nothing on a page without a frame, however often', () => {
    removePrerenderedFrame();
    expect(() => removePrerenderedFrame()).not.toThrow();
    expect(document.getElementById('root')).not.toBeNull();
  });
});
