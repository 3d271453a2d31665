import type {
  CompleteOptions,
  PromptOptions,
  ResourceOptions,
  ResourceTemplateOptions,
} from '../metadata/catalog-options';
import type { UriTemplate } from '../uri-template/uri-template';
import type { ArgsModel } from './args-model';
import type { ArgumentStyle } from './tool-descriptor';

/** How a catalog method receives its arguments, read like a tool method's. */
export interface MethodArguments {
  readonly argumentStyle: ArgumentStyle;
  /** The arguments' model; `undefined` when the method takes none. */
  readonly args: ArgsModel | undefined;
  /** For `positional`: the argument names in parameter order. */
  readonly positional: readonly string[];
  /** The index at which the context is passed. */
  readonly contextIndex: number;
}

/** The built, frozen description of one `@Resource` method. */
export interface ResourceDescriptor {
  readonly kind: 'resource';
  readonly options: ResourceOptions;
  readonly className: string;
  readonly method: string;
}

/** The built, frozen description of one `@ResourceTemplate` method. */
export interface ResourceTemplateDescriptor extends MethodArguments {
  readonly kind: 'resourceTemplate';
  readonly options: ResourceTemplateOptions;
  readonly className: string;
  readonly method: string;
  readonly template: UriTemplate;
}

/** The built, frozen description of one `@Prompt` method. */
export interface PromptDescriptor extends MethodArguments {
  readonly kind: 'prompt';
  readonly options: PromptOptions;
  readonly className: string;
  readonly method: string;
}

/** The built, frozen description of one `@Complete` method. */
export interface CompleterDescriptor {
  readonly kind: 'completer';
  readonly options: CompleteOptions;
  readonly className: string;
  readonly method: string;
}

/** Every catalog entry one class declares, each list in declaration order. */
export interface CatalogDescriptors {
  readonly className: string;
  readonly resources: readonly ResourceDescriptor[];
  readonly resourceTemplates: readonly ResourceTemplateDescriptor[];
  readonly prompts: readonly PromptDescriptor[];
  readonly completers: readonly CompleterDescriptor[];
}
