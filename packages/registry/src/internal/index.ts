// What sibling packages (the framework adapters) share with the registry and nothing else uses.
// Not public API: no semver promise; import from '@toolwright/registry/internal'.
export {
  callSecrets,
  contentText,
  adaptedTool,
  readAdapterSource,
  visibleContent,
  visibleText,
} from './adapter-source';
export type {
  AdaptedTool,
  AdapterSource,
  AdapterToolInfo,
  AdapterToolSource,
  ToolSetLike,
} from './adapter-source';
