import { IsInt, Max, Min } from 'class-validator';

/** Limits of the shell tools. */
export class ShellConfig {
  /** The timeout when a call gives none. */
  @IsInt()
  @Min(100)
  defaultTimeoutMs = 120_000;

  /** The longest timeout a call may ask for. */
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  maxTimeoutMs = 600_000;

  /** Characters of output kept in the result (the first and the last half). */
  @IsInt()
  @Min(1000)
  maxOutputCharacters = 30_000;
}
