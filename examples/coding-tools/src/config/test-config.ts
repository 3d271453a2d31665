import { IsInt, IsString, Max, Min, MinLength } from 'class-validator';

/** How run_tests runs the project's tests. */
export class TestConfig {
  /** The test command, run with `/bin/sh -c` in the workspace root. */
  @IsString()
  @MinLength(1)
  command = 'npm test';

  /** How often a running test job is polled for progress. */
  @IsInt()
  @Min(10)
  @Max(60_000)
  pollIntervalMs = 1000;

  /** The test run is stopped after this long. */
  @IsInt()
  @Min(100)
  timeoutMs = 15 * 60_000;

  /** Characters of output kept in the result. */
  @IsInt()
  @Min(1000)
  maxOutputCharacters = 20_000;
}
