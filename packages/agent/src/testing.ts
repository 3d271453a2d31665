// The public API of @toolwright/agent/testing: a scripted model for tests, benchmarks and offline demos.
export { ScriptedModelClient } from './clients/scripted/scripted-model-client';
export type {
  ScriptedModelClientOptions,
  ScriptedTurn,
  ScriptedToolCall,
  ScriptStep,
  RecordedRequest,
} from './clients/scripted/scripted-model-client';
