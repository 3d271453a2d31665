import { IsBoolean } from 'class-validator';

/** Configuration of search_replace (bound with `registry.params(SearchReplaceConfig, …)`). */
export class SearchReplaceConfig {
  /**
   * Allow replacing in a file the agent has not read in this session. Off by default: a blind
   * regular-expression replacement is how agents corrupt files. When off, read_file must be registered.
   */
  @IsBoolean()
  skipReadBeforeEdit = false;
}
