import { collectHostValues, FRAMEWORK_SERVICE } from './collect-host-values';

describe('collectHostValues', () => {
  it('collects the strings of host values, nested in objects, arrays, maps and sets', () => {
    const found = collectHostValues([
      'sk-top-level',
      { token: 'tok-nested', list: ['in-array'], short: 'abc' },
      new Map([['k', 'in-map']]),
      new Set(['in-set']),
    ]);
    expect(found.sort()).toEqual(['in-array', 'in-map', 'in-set', 'sk-top-level', 'tok-nested']);
  });

  it('does not walk toolwright services, only the host values beside them', () => {
    class Service {
      readonly request = { headers: { authorization: 'Bearer protocol-object' } };
      get [FRAMEWORK_SERVICE](): true {
        return true;
      }
    }
    const found = collectHostValues([new Service(), { apiKey: 'host-secret' }]);
    expect(found).toEqual(['host-secret']);
  });

  it('keeps what it found when a value throws on reading', () => {
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('no');
        },
        ownKeys: () => {
          throw new Error('no');
        },
      },
    );
    expect(collectHostValues(['kept-value', hostile])).toEqual(['kept-value']);
  });
});
