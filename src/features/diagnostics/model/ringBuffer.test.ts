import { RingBuffer } from './ringBuffer';

describe('RingBuffer', () => {
  it('keeps exactly the last `capacity` items, oldest first', () => {
    const buffer = new RingBuffer<number>(100);
    for (let i = 0; i < 250; i += 1) buffer.push(i);
    expect(buffer.size).toBe(100);
    expect(buffer.toArray()).toEqual(Array.from({ length: 100 }, (_, i) => 150 + i));
  });

  it('holds everything while not full', () => {
    const buffer = new RingBuffer<string>(3);
    buffer.push('a');
    buffer.push('b');
    expect(buffer.toArray()).toEqual(['a', 'b']);
    buffer.push('c');
    buffer.push('d');
    expect(buffer.toArray()).toEqual(['b', 'c', 'd']);
  });

  it('starts again from empty when cleared', () => {
    const buffer = new RingBuffer<number>(2);
    [1, 2, 3].forEach((n) => buffer.push(n));
    buffer.clear();
    expect(buffer.size).toBe(0);
    expect(buffer.toArray()).toEqual([]);
    buffer.push(4);
    expect(buffer.toArray()).toEqual([4]);
  });

  it('refuses a capacity that cannot hold anything', () => {
    expect(() => new RingBuffer(0)).toThrow(RangeError);
    expect(() => new RingBuffer(1.5)).toThrow(RangeError);
  });
});
