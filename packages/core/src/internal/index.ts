// `@toolwright/core/internal`: the one copy of each rule, message and helper that toolwright's own
// packages share, so the model never reads two wordings for one mistake. Not public API: anything
// here may change in any release; applications import `@toolwright/core`.
export { closestName, normalizeName } from '../toolset/closest-name';
export type { ClosestNameOptions } from '../toolset/closest-name';
export { editDistance } from '../toolset/edit-distance';
export { unknownToolError, unknownToolMessage } from '../toolset/unknown-tool-error';
export { toolNameProblem } from '../metadata/tool-name-rule';
export type { ToolNameProblem } from '../metadata/tool-name-rule';
export { waitForSlot } from './wait-for-slot';
export type { AbortSubscription } from './wait-for-slot';
export { deepFreeze } from '../schema/deep-freeze';
export { describeReceived } from '../errors/describe-received';
export { scrubText, REDACTED } from '../errors/scrub-text';
export { formatArgumentIssues } from '../errors/format-argument-issues';
export { scrubContentBlock } from '../errors/scrub-content-block';
export { scrubValue } from '../errors/scrub-value';
export { scrubProgress } from '../stream/scrub-progress';
export { collectHostValues, FRAMEWORK_SERVICE } from '../context/collect-host-values';
export { errorSummaryOf, summaryOfError } from '../result/failure-result';
export type { ErrorSummary } from '../result/failure-result';
export { classValidator, existingValidatorStorage } from './class-validator';
export type { ValidatorStorage } from './class-validator';

// Reading and binding definitions: what the registry does with a tool class at finalize.
export { readToolDeclarations } from '../model/read-tool-descriptors';
export { readCatalogDescriptors } from '../model/read-catalog-descriptors';
export { hasCatalogMetadata, hasToolMetadata } from '../metadata/read-records';
export { schemaOfModel } from '../schema/schema-of';
export { eraseBound } from '../erase/erase-tool';
export { eraseCatalog } from '../catalog/erase-catalog';
export { brandErrorClass, hasErrorBrand } from '../errors/error-brand';
export { formatProblems } from '../errors/format-problems';
export type { FormatProblemsOptions, ProblemStyle } from '../errors/format-problems';
