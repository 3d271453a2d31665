import type { ResourceProblem } from '../problems/resource-problem';
import { ResourceValidationError } from '../problems/resource-validation-error';
import type { State, StateUpdateOptions } from '../tokens/state';
import type { ResourceClass } from '../values/resource-class';
import type { ResourceData } from '../values/resource-data';
import { toResourceValue } from '../values/to-resource-value';
import { describeIssue } from '../values/value-issue';
import { ExclusiveLock } from './exclusive-lock';

/** The holder behind a `State.of(C)` token: one per bound state, kept for the life of its `Resources`. */
export class StateCell<T extends object> implements State<T> {
  readonly #target: ResourceClass<T>;
  readonly #name: string;
  readonly #lock = new ExclusiveLock();
  #value: Readonly<T>;

  /** `initial` must already be a valid, frozen instance (see `toResourceValue`). */
  constructor(target: ResourceClass<T>, name: string, initial: T) {
    this.#target = target;
    this.#name = name;
    this.#value = initial;
  }

  get(): Readonly<T> {
    return this.#value;
  }

  update(
    fn: (current: Readonly<T>) => ResourceData<T> | Promise<ResourceData<T>>,
    options: StateUpdateOptions = {},
  ): Promise<Readonly<T>> {
    return this.#lock.run(async (lease) => {
      const next = await fn(this.#value);
      if (!lease.held) return this.#value;
      const result = toResourceValue(this.#target, next);
      if (!result.ok) {
        const problems: ResourceProblem[] = result.issues.map((issue) => ({
          tokenName: this.#name,
          message: describeIssue(this.#name, issue),
          fix: `return a valid ${this.#target.name} from the update.`,
        }));
        throw new ResourceValidationError(`in the new value of ${this.#name}; it keeps its value`, problems);
      }
      this.#value = result.value;
      return result.value;
    }, options.signal);
  }

  set(value: ResourceData<T>, options?: StateUpdateOptions): Promise<Readonly<T>> {
    return this.update(() => value, options);
  }

  /** Replaces the value at once, outside the queue (`Resources.state` again, `restore`); `value` must be valid and frozen. */
  replace(value: T): void {
    this.#value = value;
  }
}
