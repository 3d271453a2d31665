import { FRAMEWORK_SERVICE } from '@toolwright/core/internal';
import type {
  ElicitationForm,
  ElicitResult,
  InputRequester,
  Root,
  SampleRequest,
  SampleResult,
} from '@toolwright/core';

/**
 * An input requester that passes each request to its current target: the round's requester while
 * a call gathers its first input in rounds, the task's once the call became a task.
 */
export class SwitchingInputRequester implements InputRequester {
  /** A toolwright service, not a host value: the context's scrubbing does not walk it. */
  get [FRAMEWORK_SERVICE](): true {
    return true;
  }

  constructor(public target: InputRequester) {}

  get supports(): InputRequester['supports'] {
    return this.target.supports;
  }

  refused(kind: keyof InputRequester['supports']): void {
    this.target.refused?.(kind);
  }

  elicit(form: ElicitationForm, signal: AbortSignal): Promise<ElicitResult<unknown>> {
    return this.target.elicit(form, signal);
  }

  sample(request: SampleRequest, signal: AbortSignal): Promise<SampleResult> {
    return this.target.sample(request, signal);
  }

  listRoots(signal: AbortSignal, key?: string): Promise<readonly Root[]> {
    return this.target.listRoots(signal, key);
  }
}
