// The public API of @toolwright/registry: the ToolRegistry builder, finalize() and its problems,
// requirements, description templates, the ToolServerHandle, provider definitions, the taxonomy and
// per-resource locks.
export { ToolRegistry } from './builder/tool-registry';
export type { ProvideOptions, ToolRegistryOptions } from './builder/tool-registry';
export type { RegistryCondition, RegistryConditionView } from './finalize/registry-condition';
export type { ToolClass, ToolRegistrationOptions, RegistrableTool } from './finalize/registrable-tool';

export { FinalizeError, formatFinalizeProblems } from './finalize/finalize-error';
export type { FinalizeProblem, FinalizeProblemCode } from './finalize/finalize-problem';
export type { FinalizeReport } from './finalize/finalize-report';

export { hasParam, paramEquals, requiresKind, requiresTool } from './requirements/requirement-helpers';
export type {
  KindRequirement,
  ParamRequirement,
  ParamValueRequirement,
  Requirement,
  RequirementLeaf,
  ToolRequirement,
} from './requirements/requirement';

export { allow, deny } from './guard/tool-guard';
export type { GuardCall, GuardVerdict, ToolGuard } from './guard/tool-guard';

export type { RegisteredTool, ResolvedAnnotations } from './finalize/registered-tool';
export type { ToolServerHandle } from './handle/tool-server-handle';
export type { ToolSetChange, ToolSetChangeListener } from './handle/tool-set-change';
export type { ToolSetEditor } from './handle/tool-set-editor';
export type { ToolSnapshot } from './handle/tool-snapshot';
export type { ToolCatalog, ResourceRead, CompletionReference } from './catalog/tool-catalog';
export type {
  RegisteredPrompt,
  RegisteredResource,
  RegisteredResourceTemplate,
} from './catalog/registered-catalog-entry';

export type { RequirementGraph, RequirementGraphEdge, RequirementGraphNode } from './graph/requirement-graph';

export { NATIVE_TOOL_SEARCH_FORMATS, PROVIDER_FORMATS } from './definitions/provider-definitions';
export type {
  AnthropicToolDefinition,
  AnthropicToolSearchDefinition,
  OpenAiNamespaceDefinition,
  OpenAiResponsesToolDefinition,
  OpenAiToolSearchDefinition,
  ProviderToolDefinition,
  ToolDefinitionMap,
  GeminiToolDefinition,
  McpToolAnnotations,
  McpToolDefinition,
  OpenAiToolDefinition,
  ProviderDefinition,
  ProviderDefinitionMap,
  ProviderFormat,
} from './definitions/provider-definitions';

export type { AnthropicToolSearchVariant, DeferLoadingOptions } from './deferred/defer-loading-options';

export { isToolKind, TOOL_KINDS } from './taxonomy/tool-kind';
export type { ToolKind } from './taxonomy/tool-kind';
export { isToolNamespace, TOOL_NAMESPACES } from './taxonomy/tool-namespace';
export type { ToolNamespace } from './taxonomy/tool-namespace';
export { TOOL_LABELS, toolLabel } from './taxonomy/tool-label';
export { isReadOnlyKind } from './taxonomy/is-read-only-kind';
export { PAYLOAD_FIELDS, isPayloadField } from './taxonomy/payload-fields';
export { carriesPayload } from './taxonomy/payload-kinds';
export { DIALECT_TOOL_KINDS, kindOfDialectTool } from './taxonomy/dialect-kinds';
export type { ToolDialect } from './taxonomy/dialect-kinds';

export { TOOL_ENVELOPE_KEY, TOOL_ENVELOPE_VERSION, toolEnvelope } from './envelope/tool-envelope';
export type { EnvelopeSubject, ToolEnvelope } from './envelope/tool-envelope';
export { ENVELOPE_STRING_LIMIT, projectEnvelopeInput } from './envelope/project-envelope-input';
export type { ToolEnvelopeInput } from './envelope/project-envelope-input';
export {
  RAW_INPUT_LIMIT,
  RAW_INPUT_MAX_DEPTH,
  RAW_INPUT_MAX_KEY_LENGTH,
  boundRawInput,
} from './envelope/bound-raw-input';
export type { RawInput, RawInputValue } from './envelope/bound-raw-input';
export { decodeToolEnvelope } from './envelope/decode-tool-envelope';
export { ToolEnvelopeError } from './envelope/tool-envelope-error';
export { toolEnvelopeSchema } from './envelope/tool-envelope-schema';

export { pathLockKey } from './locks/path-lock-key';
export { EXCLUSIVE_CLAIM, SHARED_CLAIM, claimsConflict } from './locks/resource-claim';
export type { ResourceClaim } from './locks/resource-claim';
export { resourceClaimOf } from './locks/resource-claim-of';
export { DEFAULT_MAX_WAITING_CLAIMS, ResourceLocks } from './locks/resource-locks';
export type { ResourceGrant, ResourceLocksOptions } from './locks/resource-locks';
export type { HandleCallOptions } from './locks/handle-call-options';
