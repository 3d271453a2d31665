import fc from 'fast-check';
import { UriTemplate } from './uri-template';
import { UriTemplateError } from './uri-template-error';
import type { UriTemplateValue } from './expand-uri-template';

// The variables and expansions of RFC 6570 §3.2 (levels 1–4), as the RFC lists them.
const values: Record<string, UriTemplateValue> = {
  count: ['one', 'two', 'three'],
  dom: ['example', 'com'],
  dub: 'me/too',
  hello: 'Hello World!',
  half: '50%',
  var: 'value',
  who: 'fred',
  base: 'http://example.com/home/',
  path: '/foo/bar',
  list: ['red', 'green', 'blue'],
  keys: { semi: ';', dot: '.', comma: ',' },
  v: '6',
  x: '1024',
  y: '768',
  empty: '',
  empty_keys: {},
  undef: null,
};

const rfcExamples: readonly (readonly [string, string])[] = [
  // 3.2.1 variable expansion
  ['{count}', 'one,two,three'],
  ['{count*}', 'one,two,three'],
  ['{/count}', '/one,two,three'],
  ['{/count*}', '/one/two/three'],
  ['{;count}', ';count=one,two,three'],
  ['{;count*}', ';count=one;count=two;count=three'],
  ['{?count}', '?count=one,two,three'],
  ['{?count*}', '?count=one&count=two&count=three'],
  ['{&count*}', '&count=one&count=two&count=three'],
  // 3.2.2 simple string expansion
  ['{var}', 'value'],
  ['{hello}', 'Hello%20World%21'],
  ['{half}', '50%25'],
  ['O{empty}X', 'OX'],
  ['O{undef}X', 'OX'],
  ['{x,y}', '1024,768'],
  ['{x,hello,y}', '1024,Hello%20World%21,768'],
  ['?{x,empty}', '?1024,'],
  ['?{x,undef}', '?1024'],
  ['?{undef,y}', '?768'],
  ['{var:3}', 'val'],
  ['{var:30}', 'value'],
  ['{list}', 'red,green,blue'],
  ['{list*}', 'red,green,blue'],
  ['{keys}', 'semi,%3B,dot,.,comma,%2C'],
  ['{keys*}', 'semi=%3B,dot=.,comma=%2C'],
  // 3.2.3 reserved expansion
  ['{+var}', 'value'],
  ['{+hello}', 'Hello%20World!'],
  ['{+half}', '50%25'],
  ['{base}index', 'http%3A%2F%2Fexample.com%2Fhome%2Findex'],
  ['{+base}index', 'http://example.com/home/index'],
  ['O{+empty}X', 'OX'],
  ['O{+undef}X', 'OX'],
  ['{+path}/here', '/foo/bar/here'],
  ['here?ref={+path}', 'here?ref=/foo/bar'],
  ['up{+path}{var}/here', 'up/foo/barvalue/here'],
  ['{+x,hello,y}', '1024,Hello%20World!,768'],
  ['{+path,x}/here', '/foo/bar,1024/here'],
  ['{+path:6}/here', '/foo/b/here'],
  ['{+list}', 'red,green,blue'],
  ['{+list*}', 'red,green,blue'],
  ['{+keys}', 'semi,;,dot,.,comma,,'],
  ['{+keys*}', 'semi=;,dot=.,comma=,'],
  // 3.2.4 fragment expansion
  ['{#var}', '#value'],
  ['{#hello}', '#Hello%20World!'],
  ['{#half}', '#50%25'],
  ['foo{#empty}', 'foo#'],
  ['foo{#undef}', 'foo'],
  ['{#x,hello,y}', '#1024,Hello%20World!,768'],
  ['{#path,x}/here', '#/foo/bar,1024/here'],
  ['{#path:6}/here', '#/foo/b/here'],
  ['{#list}', '#red,green,blue'],
  ['{#list*}', '#red,green,blue'],
  ['{#keys}', '#semi,;,dot,.,comma,,'],
  ['{#keys*}', '#semi=;,dot=.,comma=,'],
  // 3.2.5 label expansion with dot-prefix
  ['{.who}', '.fred'],
  ['{.who,who}', '.fred.fred'],
  ['{.half,who}', '.50%25.fred'],
  ['www{.dom*}', 'www.example.com'],
  ['X{.var}', 'X.value'],
  ['X{.empty}', 'X.'],
  ['X{.undef}', 'X'],
  ['X{.var:3}', 'X.val'],
  ['X{.list}', 'X.red,green,blue'],
  ['X{.list*}', 'X.red.green.blue'],
  ['X{.keys}', 'X.semi,%3B,dot,.,comma,%2C'],
  ['X{.keys*}', 'X.semi=%3B.dot=..comma=%2C'],
  ['X{.empty_keys}', 'X'],
  ['X{.empty_keys*}', 'X'],
  // 3.2.6 path segment expansion
  ['{/who}', '/fred'],
  ['{/who,who}', '/fred/fred'],
  ['{/half,who}', '/50%25/fred'],
  ['{/who,dub}', '/fred/me%2Ftoo'],
  ['{/var}', '/value'],
  ['{/var,empty}', '/value/'],
  ['{/var,undef}', '/value'],
  ['{/var,x}/here', '/value/1024/here'],
  ['{/var:1,var}', '/v/value'],
  ['{/list}', '/red,green,blue'],
  ['{/list*}', '/red/green/blue'],
  ['{/list*,path:4}', '/red/green/blue/%2Ffoo'],
  ['{/keys}', '/semi,%3B,dot,.,comma,%2C'],
  ['{/keys*}', '/semi=%3B/dot=./comma=%2C'],
  // 3.2.7 path-style parameter expansion
  ['{;who}', ';who=fred'],
  ['{;half}', ';half=50%25'],
  ['{;empty}', ';empty'],
  ['{;v,empty,who}', ';v=6;empty;who=fred'],
  ['{;v,bar,who}', ';v=6;who=fred'],
  ['{;x,y}', ';x=1024;y=768'],
  ['{;x,y,empty}', ';x=1024;y=768;empty'],
  ['{;x,y,undef}', ';x=1024;y=768'],
  ['{;hello:5}', ';hello=Hello'],
  ['{;list}', ';list=red,green,blue'],
  ['{;list*}', ';list=red;list=green;list=blue'],
  ['{;keys}', ';keys=semi,%3B,dot,.,comma,%2C'],
  ['{;keys*}', ';semi=%3B;dot=.;comma=%2C'],
  // 3.2.8 form-style query expansion
  ['{?who}', '?who=fred'],
  ['{?half}', '?half=50%25'],
  ['{?x,y}', '?x=1024&y=768'],
  ['{?x,y,empty}', '?x=1024&y=768&empty='],
  ['{?x,y,undef}', '?x=1024&y=768'],
  ['{?var:3}', '?var=val'],
  ['{?list}', '?list=red,green,blue'],
  ['{?list*}', '?list=red&list=green&list=blue'],
  ['{?keys}', '?keys=semi,%3B,dot,.,comma,%2C'],
  ['{?keys*}', '?semi=%3B&dot=.&comma=%2C'],
  // 3.2.9 form-style query continuation
  ['{&who}', '&who=fred'],
  ['{&half}', '&half=50%25'],
  ['?fixed=yes{&x}', '?fixed=yes&x=1024'],
  ['{&x,y,empty}', '&x=1024&y=768&empty='],
  ['{&var:3}', '&var=val'],
  ['{&list}', '&list=red,green,blue'],
  ['{&list*}', '&list=red&list=green&list=blue'],
  ['{&keys}', '&keys=semi,%3B,dot,.,comma,%2C'],
  ['{&keys*}', '&semi=%3B&dot=.&comma=%2C'],
];

describe('UriTemplate.expand', () => {
  it.each(rfcExamples)('expands %s as RFC 6570 §3.2 does', (template, expected) => {
    expect(new UriTemplate(template).expand(values)).toBe(expected);
  });

  it('lists the variables in order of first appearance', () => {
    expect(new UriTemplate('file:///{+path}{?x,y}{&x}').variables).toEqual(['path', 'x', 'y']);
  });
});

describe('UriTemplate syntax', () => {
  it.each([
    ['test://{id', 'a "{" that is never closed'],
    ['test://id}', 'a "}" without its "{"'],
    ['test://{}', 'an expression without a variable'],
    ['test://{a{b}}', 'a "{" inside an expression'],
    ['test://{=a}', 'the operator "=" is reserved'],
    ['test://{a:0}', 'the prefix length "0" is not 1–9999'],
    ['test://{a:10000}', 'the prefix length "10000" is not 1–9999'],
    ['test://{a-b}', '"a-b" is not a variable name'],
    ['test://{a,}', 'an empty variable name'],
  ])('refuses %s: %s', (template, problem) => {
    expect(() => new UriTemplate(template)).toThrow(UriTemplateError);
    expect(() => new UriTemplate(template)).toThrow(problem);
  });
});

describe('UriTemplate.match', () => {
  it('reads the conformance suite template', () => {
    expect(new UriTemplate('test://template/{id}/data').match('test://template/123/data')).toEqual({
      id: '123',
    });
    expect(new UriTemplate('test://template/{id}/data').match('test://template/123/other')).toBeUndefined();
  });

  it('reads reserved, exploded and query expressions, decoding what was encoded', () => {
    const template = new UriTemplate('file:///{+path}{?lines,encoding}');
    expect(template.match('file:///src/a%20b.ts?encoding=utf-8&lines=10')).toEqual({
      path: 'src/a b.ts',
      lines: '10',
      encoding: 'utf-8',
    });
    expect(new UriTemplate('repo{/segments*}').match('repo/a/b/c')).toEqual({ segments: ['a', 'b', 'c'] });
    expect(new UriTemplate('{;x,y}').match(';y=768;x=1024')).toEqual({ x: '1024', y: '768' });
  });

  it('gives the earlier expression the shortest text when a URI reads several ways', () => {
    expect(new UriTemplate('{a}.{b}').match('x.y.z')).toEqual({ a: 'x', b: 'y.z' });
    expect(new UriTemplate('{name}.json').match('a.b.json')).toEqual({ name: 'a.b' });
  });

  it('refuses a URI that gives a repeated variable two values', () => {
    expect(new UriTemplate('test://{a}/{a}').match('test://x/x')).toEqual({ a: 'x' });
    expect(new UriTemplate('test://{a}/{a}').match('test://x/y')).toBeUndefined();
  });

  it('refuses a URI with a malformed percent-encoding', () => {
    expect(new UriTemplate('test://{id}').match('test://%E0%A4%A')).toBeUndefined();
  });

  it('stays fast on a URI built to make matching backtrack', () => {
    const template = new UriTemplate('{+a}-{+b}-{+c}-{+d}!');
    const started = Date.now();
    expect(template.match('-'.repeat(4000))).toBeUndefined();
    // Quadratic at worst: far below a second where a backtracking regex takes minutes.
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('never matches a URI longer than MAX_MATCHED_URI_LENGTH', () => {
    expect(new UriTemplate('{+a}').match('a'.repeat(5000))).toBeUndefined();
  });
});

// Templates made of random expressions between literals, and values to fill them.
const operators = ['', '+', '#', '.', '/', ';', '?', '&'] as const;
const names = ['a', 'b', 'c', 'd'];
const literal = fc.constantFrom('', '/', 'x', '-', '.', 'file:///', '~', 'p=');
const variableSpec = fc.record({
  name: fc.constantFrom(...names),
  modifier: fc.constantFrom('', '*', ':3'),
});
const expression = fc.record({
  operator: fc.constantFrom(...operators),
  variables: fc.array(variableSpec, { minLength: 1, maxLength: 3 }),
});
// Each variable once: a repeated one may be read two ways where the template is ambiguous.
const templateArbitrary = fc
  .array(fc.tuple(literal, expression), { minLength: 1, maxLength: 4 })
  .map((pieces) => {
    const seen = new Set<string>();
    return pieces
      .map(([text, e]) => {
        // An exploded variable last in its expression: one before others can be read several ways.
        const fresh = e.variables
          .filter((v) => !seen.has(v.name) && seen.add(v.name))
          .map((v, i, all) => (v.modifier === '*' && i < all.length - 1 ? { ...v, modifier: '' } : v));
        return fresh.length === 0
          ? text
          : `${text}{${e.operator}${fresh.map((v) => v.name + v.modifier).join(',')}}`;
      })
      .join('');
  })
  .filter((source) => source.includes('{'));
// Reserved expansion keeps '#' unencoded, which would end the URI's path: leave it out.
const text = fc.string({ unit: 'grapheme', maxLength: 8 }).map((s) => s.replace(/#/g, ''));
const valuesArbitrary = fc.record(
  {
    a: fc.oneof(text, fc.array(text, { minLength: 1, maxLength: 3 })),
    b: text,
    c: fc.oneof(text, fc.constant(undefined)),
    d: fc.array(text, { minLength: 1, maxLength: 3 }),
  },
  { requiredKeys: [] },
);

describe('UriTemplate laws', () => {
  it('matches every URI it expands to, and expanding the match gives the URI back', () => {
    fc.assert(
      fc.property(templateArbitrary, valuesArbitrary, (source, generated) => {
        const template = new UriTemplate(source);
        // A list read back without explode is one string: lists go to exploded variables only.
        const given: Record<string, UriTemplateValue> = {};
        for (const [name, value] of Object.entries(generated))
          given[name] = Array.isArray(value) && !template.explodes(name) ? value.join('') : value;
        const uri = template.expand(given);
        const found = template.match(uri);
        expect(found).toBeDefined();
        expect(template.expand(found!)).toBe(uri);
      }),
      { numRuns: 2000 },
    );
  });

  it('recovers every value of a path template with one variable per segment', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('', '/', '.', ';'), { minLength: 1, maxLength: 3 }),
        fc.array(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }), {
          minLength: 4,
          maxLength: 4,
        }),
        (segmentOperators, strings) => {
          const source =
            `test://host${segmentOperators.map((operator, index) => `/${operator === '' ? '' : 'v'}{${operator}v${index}}`).join('')}` +
            '{?q}';
          const template = new UriTemplate(source);
          const given: Record<string, string> = { q: strings[3]! };
          segmentOperators.forEach((_, index) => (given[`v${index}`] = strings[index]!));
          expect(template.match(template.expand(given))).toEqual(given);
        },
      ),
      { numRuns: 300 },
    );
  });
});
