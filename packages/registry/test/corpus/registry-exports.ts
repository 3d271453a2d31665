// The registry's public API as the corpus uses it (one import site, so a case file stays short).
export {
  FinalizeError,
  hasParam,
  paramEquals,
  requiresKind,
  requiresTool,
  ToolRegistry,
  type RegistrableTool as ToolRegistration,
} from '@toolwright/registry';
