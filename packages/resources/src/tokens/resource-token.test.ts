import { Params } from './params';
import { resourceTokenInfo } from './resource-token';
import { State } from './state';

describe('Params.of and State.of', () => {
  it('return the same token for the same class, every time', () => {
    class EditConfig {}
    expect(Params.of(EditConfig)).toBe(Params.of(EditConfig));
    expect(State.of(EditConfig)).toBe(State.of(EditConfig));
  });

  it('give Params and State of one class distinct tokens', () => {
    class Counter {}
    expect(Params.of(Counter)).not.toBe(State.of(Counter));
  });

  it('give two classes with the same name distinct tokens', () => {
    const first = class Config {};
    const second = class Config {};
    expect(Params.of(first)).not.toBe(Params.of(second));
  });

  it('name tokens after the class', () => {
    class EditConfig {}
    expect(Params.of(EditConfig).description).toBe('Params<EditConfig>');
    expect(State.of(EditConfig).description).toBe('State<EditConfig>');
  });

  it('remember what a token stands for', () => {
    class Counter {}
    expect(resourceTokenInfo(State.of(Counter))).toEqual({
      kind: 'state',
      target: Counter,
      name: 'State<Counter>',
    });
    expect(resourceTokenInfo(Symbol('State<Counter>'))).toBeUndefined();
    expect(resourceTokenInfo(Counter)).toBeUndefined();
  });

  it('refuse something that is not a class', () => {
    expect(() => Params.of('EditConfig' as never)).toThrow('Params.of expects a class, got string.');
  });
});
