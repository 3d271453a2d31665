// The public API of @toolwright/cli: `main` (the `toolwright` command, runnable in-process), the
// module loader the commands share, and the renderers and checks behind them.
export { main } from './main';
export type { CliIo, CliOutput } from './io/cli-io';
export { nodeIo } from './io/node-io';
export { ExitCode } from './exit-code';
export { CliFailure } from './cli-failure';

export { loadToolModule } from './load/load-tool-module';
export type { LoadToolModuleOptions } from './load/load-tool-module';
export type { LoadedToolModule } from './load/loaded-tool-module';
export { finalizeLoadedModule, finalizeLoadedModuleAsync } from './load/finalize-loaded-module';
export type { FinalizedModule } from './load/finalized-module';
export { ModuleLoadError } from './load/module-load-error';
export type { ModuleLoadErrorCode } from './load/module-load-error';

export { validateReport } from './report/validate-report';
export type { ValidateReport } from './report/validate-report';
export { githubAnnotation, escapeData, escapeProperty } from './report/github-annotation';
export type { AnnotationLevel, AnnotationProperties } from './report/github-annotation';

export { renderMermaid } from './graph/render-mermaid';
export { renderDot } from './graph/render-dot';

export { compareSchemas } from './drift/compare-schemas';
export { schemaShape } from './drift/schema-shape';
export type { SchemaShape, PropertyShape } from './drift/schema-shape';
export type { SchemaDrift, SchemaDriftCode } from './drift/schema-drift';
export type { DriftReport, LocatedDrift } from './drift/drift-report';
