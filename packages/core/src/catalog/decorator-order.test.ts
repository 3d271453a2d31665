import 'reflect-metadata';
import { Complete } from '../decorators/complete';
import { Param } from '../decorators/param';
import { Prompt } from '../decorators/prompt';
import { Resource } from '../decorators/resource';
import { ResourceTemplate } from '../decorators/resource-template';
import { eraseCatalog } from './erase-catalog';

type Apply = (prototype: object) => void;

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [items.slice()];
  return items.flatMap((item, index) =>
    permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
  );
}

// Each method's decorators (on the method and on its parameters), applied as plain functions the
// way TypeScript applies them, in every order.
const fileDecorators: readonly Apply[] = [
  (p) =>
    ResourceTemplate({ uriTemplate: 'file:///{+path}{?lines}', name: 'file', mimeType: 'text/plain' })(
      p,
      'file',
    ),
  (p) => Param('path', { description: 'The path' })(p, 'file', 0),
  (p) => Param('lines', { optional: true, integer: true, minimum: 1 })(p, 'file', 1),
];
const reviewDecorators: readonly Apply[] = [
  (p) =>
    Prompt({ name: 'review', description: 'Review code.', complete: { language: ['ts', 'rust'] } })(
      p,
      'review',
    ),
  (p) => Param('language', { description: 'The language' })(p, 'review', 0),
];
const completeDecorators: readonly Apply[] = [
  (p) => Complete({ resourceTemplate: 'file', argument: 'path' })(p, 'completePath'),
  (p) => Complete({ prompt: 'review', argument: 'language' })(p, 'completePath'),
];
const readmeDecorators: readonly Apply[] = [
  (p) => Resource({ uri: 'docs://readme', name: 'readme', mimeType: 'text/markdown' })(p, 'readme'),
];

function serviceWith(order: readonly (readonly Apply[])[]): new () => object {
  class Service {
    file(path: string, lines: number | undefined): string {
      return `${path}:${lines ?? 'all'}`;
    }
    review(language: string): string {
      return `Review ${language}.`;
    }
    completePath(value: string): string[] {
      return [`${value}1`, `${value}2`];
    }
    readme(): string {
      return '# readme';
    }
  }
  const prototype = Service.prototype;
  Reflect.defineMetadata('design:paramtypes', [String, Number, Object], prototype, 'file');
  Reflect.defineMetadata('design:paramtypes', [String, Object], prototype, 'review');
  Reflect.defineMetadata('design:paramtypes', [String, Object], prototype, 'completePath');
  for (const member of order) for (const apply of member) apply(prototype);
  return Service;
}

async function observed(Service: new () => object): Promise<unknown> {
  const catalog = eraseCatalog(new Service());
  const template = catalog.resourceTemplates[0]!;
  const prompt = catalog.prompts[0]!;
  return {
    resources: catalog.resources.map((resource) => resource.definition),
    templates: catalog.resourceTemplates.map((t) => [t.definition, t.parameters, t.required, t.completable]),
    prompts: catalog.prompts.map((p) => [p.definition, p.completable]),
    read: await template.read('file:///src/a.ts?lines=3'),
    get: await prompt.get({ language: 'rust' }),
    completePath: await template.complete('path', 'src'),
    completeLanguage: await prompt.complete('language', 'r'),
  };
}

describe('catalog decorators', () => {
  it('give the same definitions, reads, gets and completions in every decorator order', async () => {
    const reference = await observed(
      serviceWith([readmeDecorators, fileDecorators, reviewDecorators, completeDecorators]),
    );
    expect(reference).toMatchObject({
      resources: [{ uri: 'docs://readme', name: 'readme', mimeType: 'text/markdown' }],
      read: [{ uri: 'file:///src/a.ts?lines=3', mimeType: 'text/plain', text: 'src/a.ts:3' }],
      get: { messages: [{ role: 'user', content: { type: 'text', text: 'Review rust.' } }] },
      completePath: { values: ['src1', 'src2'], total: 2, hasMore: false },
      // The @Complete method wins over the complete option.
      completeLanguage: { values: ['r1', 'r2'], total: 2, hasMore: false },
    });
    let orders = 0;
    for (const file of permutations(fileDecorators))
      for (const review of permutations(reviewDecorators))
        for (const complete of permutations(completeDecorators)) {
          orders += 1;
          expect(await observed(serviceWith([complete, review, readmeDecorators, file]))).toEqual(reference);
        }
    expect(orders).toBe(24);
  });
});
