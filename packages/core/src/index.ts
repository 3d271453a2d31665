// The public API of @toolwright/core: decorators, schemas, the decoding boundary, errors, the call
// context, streams, results, erasure and the ToolSet. Nothing else is public; what only toolwright's
// own packages share is in `./internal` (`@toolwright/core/internal`).
import 'reflect-metadata';

// Authoring
export { Tool } from './decorators/tool';
export type { ToolDecorator } from './decorators/tool';
export { Param } from './decorators/param';
export type { ParamDecorator } from './decorators/param';
export type { ParamOptions, TypeReference, TypeThunkResult, EnumSource } from './metadata/param-options';
export { TOOL_NAME_PATTERN } from './metadata/tool-options';
export type { ToolOptions, ToolAnnotations, ToolLockKey, ToolTaskSupport } from './metadata/tool-options';
export { NoArguments } from './model/no-arguments';
export { Resource } from './decorators/resource';
export { ResourceTemplate } from './decorators/resource-template';
export { Prompt } from './decorators/prompt';
export { Complete } from './decorators/complete';
export type { CatalogMethodDecorator } from './decorators/catalog-method-decorator';
export { PROMPT_NAME_PATTERN, DEFAULT_CATALOG_TIMEOUT_MS } from './metadata/catalog-options';
export type {
  CatalogAnnotations,
  Completer,
  CompleteFunction,
  CompleteOptions,
  CompletionContext,
  CompletionValues,
  PromptOptions,
  ResourceOptions,
  ResourceTemplateOptions,
} from './metadata/catalog-options';

// Resources, resource templates and prompts (MCP), read and bound like tools
export type {
  CatalogDescriptors,
  CompleterDescriptor,
  MethodArguments,
  PromptDescriptor,
  ResourceDescriptor,
  ResourceTemplateDescriptor,
} from './model/catalog-descriptor';
export { MAX_COMPLETION_VALUES } from './catalog/complete-values';
export type {
  CatalogCallOptions,
  CatalogSource,
  Completable,
  CompletionResult,
  ErasedCatalog,
  ErasedPrompt,
  ErasedResource,
  ErasedResourceTemplate,
  PromptArgumentDefinition,
  PromptDefinition,
  PromptMessage,
  PromptResult,
  ResourceDefinition,
  ResourceTemplateDefinition,
} from './catalog/catalog-entries';

// URI templates (RFC 6570)
export { UriTemplate } from './uri-template/uri-template';
export { UriTemplateError } from './uri-template/uri-template-error';
export { MAX_MATCHED_URI_LENGTH } from './uri-template/match-uri-template';
export type { UriTemplateMatch } from './uri-template/match-uri-template';
export type { UriTemplateValue } from './uri-template/expand-uri-template';
export { defineTool, isFunctionTool } from './erase/function-tool';
export type { FunctionTool } from './erase/function-tool';

// Reading definitions (used by the registry and the CLI)
export { getArgsModel } from './model/build-args-model';
export type {
  ArgsModel,
  PropertyModel,
  ValidatorCheck,
  LenientDecoder,
  LenientReading,
} from './model/args-model';
export type {
  TypeNode,
  StringNode,
  NumberNode,
  BooleanNode,
  EnumNode,
  ArrayNode,
  ObjectNode,
} from './model/args-model';
export { readToolDescriptors, describeFunctionTool } from './model/read-tool-descriptors';
export type { ToolDeclaration, ToolDeclarations } from './model/tool-declaration';
export type { ToolDescriptor, ArgumentStyle } from './model/tool-descriptor';
export { ToolDefinitionError } from './model/tool-definition-error';
export type { DefinitionProblem, DefinitionProblemCode } from './model/definition-problem';

// Schemas
export { schemaOf } from './schema/schema-of';
export type { JsonSchema, SchemaTarget, SchemaOptions } from './schema/json-schema';
export { openAiStrictViolations } from './schema/openai-strict-violations';
export { OPENAI_STRICT_KEYWORDS, OPENAI_STRICT_FORMATS } from './schema/openai-strict-keywords';

// Decoding (the erasure boundary)
export { decodeArgs } from './decode/decode-args';
export { createArgsDecoder } from './decode/create-args-decoder';
export { createUntypedDecoder } from './decode/create-untyped-decoder';
export type { UntypedDecoderOptions } from './decode/create-untyped-decoder';
export type { ArgsDecoder, ArgsDecoderOptions } from './decode/create-args-decoder';
export { DEFAULT_DECODE_LIMITS } from './decode/decode-limits';
export { commaSeparated } from './decode/lenient/comma-separated';
export type { CommaSeparatedOptions } from './decode/lenient/comma-separated';
export { numericString } from './decode/lenient/numeric-string';
export { jsonString } from './decode/lenient/json-string';
export type { DecodeLimits } from './decode/decode-limits';
export { DecodeAccelerator, DEFAULT_MAX_GENERATED_CLASSES } from './decode/decode-accelerator';
export type { DecodeAcceleratorOptions } from './decode/decode-accelerator';

// Output validation
export { DEFAULT_OUTPUT_VALIDATION, isOutputValidationMode } from './invoke/output-validation';
export type {
  OutputMismatch,
  OutputMismatchListener,
  OutputValidationMode,
} from './invoke/output-validation';
export type { OutputChecker } from './decode/create-output-checker';

// Errors
export { ToolError } from './errors/tool-error';
export type { ToolErrorOptions, ToolErrorFromOptions, ToolErrorIssueOptions } from './errors/tool-error';
export { TOOL_ERROR_KINDS, TOOL_ERROR_KIND_TRAITS, isToolErrorKind } from './errors/tool-error-kind';
export type { ToolErrorKind, ToolErrorKindTraits } from './errors/tool-error-kind';
export type { ArgumentIssue } from './errors/argument-issue';
export type { Problem } from './errors/problem';

// Call context and tokens
export { createToken, tokenName } from './context/token';
export type { Token, TokenLike, ClassToken } from './context/token';
export { createCallContext } from './context/create-call-context';
export type { CallContextOptions } from './context/create-call-context';
export type { ToolCallContext, ToolDispatcher, DispatchOptions } from './context/tool-call-context';
export type { ExtensionEntry, TokenMap } from './context/extension-entry';
export { InputRequester } from './context/input-requests';
export type {
  ElicitRequest,
  ElicitResult,
  ElicitationForm,
  ListRootsOptions,
  SampleRequest,
  SampleResult,
  SamplingMessage,
  Root,
} from './context/input-requests';

// Results
export type { ToolResult, ToolSuccess, ToolFailure, ToolResultMeta } from './result/tool-result';
export type {
  ContentBlock,
  TextBlock,
  ImageBlock,
  AudioBlock,
  ResourceBlock,
  ResourceContents,
} from './result/content-block';
export { isContentBlock } from './result/content-block';
export { resultFromOutput, NO_OUTPUT_TEXT } from './result/result-from-output';
export type { ContentRenderer, OutputRenderOptions } from './result/result-from-output';
export { resultFromError } from './result/result-from-error';
export { NO_HOST_RESULTS } from './result/tool-result';
export { isContentBlockList } from './result/content-block';
export { toJsonValue } from './result/to-json-value';
export type { JsonConversion } from './result/to-json-value';
export { truncateText, DEFAULT_MAX_TEXT_BYTES } from './result/truncate-text';

// Streams
export { ToolStream, type CallStream, type ProgressListener } from './stream/tool-stream';
export { drainToTerminal } from './stream/drain-to-terminal';
export type { ToolStreamItem, TerminalItem } from './stream/tool-stream-item';
export type {
  ProgressItem,
  TextProgress,
  ContentProgress,
  CustomProgress,
  ProgressPosition,
} from './stream/progress-item';
export { isProgressItem, toProgressItem } from './stream/progress-item';
export { relayToolStream } from './stream/relay-tool-stream';
export type { StreamOrigin } from './stream/stream-origin';

// Erasure and the runtime
export { eraseTool, eraseTools } from './erase/erase-tool';
export { dynamicTool } from './erase/dynamic-tool';
export type { DynamicToolOptions } from './erase/dynamic-tool';
export type { EraseOptions } from './erase/erase-options';
export { createErasedTool, DEFAULT_GRACE_MS, DEFAULT_MAX_ARGUMENT_BYTES } from './invoke/create-erased-tool';
export type { ErasedTool } from './invoke/erased-tool';
export { redefineTool } from './invoke/redefine-tool';
export type { ErasedToolSpec, ToolLimits, ToolDefinitionInput } from './invoke/erased-tool-spec';
export type { ToolDefinition, ToolDefinitionAnnotations, ToolSource } from './invoke/tool-definition';
export { ConcurrencyLimiter } from './invoke/concurrency-limiter';
export {
  DEFAULT_MAX_CONCURRENT_CALLS,
  DEFAULT_MAX_QUEUED_CALLS,
  defaultConcurrencyLimiter,
} from './invoke/default-concurrency';
export { DEFAULT_MAX_DEPTH, DEFAULT_MAX_DISPATCHES } from './context/call-context';
export type { ConcurrencyLimiterOptions, ConcurrencyGrant } from './invoke/concurrency-limiter';
export { detachedCallCount } from './invoke/detached-call-count';
export { ToolSet } from './toolset/tool-set';
export type { ToolSetOptions, ToolCallOptions } from './toolset/tool-set';
export type { CallInterceptor, InterceptedCall } from './toolset/call-interceptor';
export { closestName } from './toolset/closest-name';

// Standard Schema and Standard JSON Schema (standardschema.dev)
export { standardSchemaOf } from './standard/standard-schema-of';
export type {
  StandardJsonSchemaOptions,
  StandardSchemaIssue,
  StandardSchemaOptions,
  StandardSchemaProps,
  StandardSchemaResult,
  ToolwrightStandardSchema,
} from './standard/standard-schema';
export { JSON_SCHEMA_DIALECTS, schemaInDialect } from './schema/json-schema-dialect';
export type { JsonSchemaDialect } from './schema/json-schema-dialect';
