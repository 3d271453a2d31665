import { IsArray, IsString } from 'class-validator';

/** Paths remembered at most; the oldest are forgotten first. */
export const MAX_REMEMBERED_READS = 2000;

/**
 * Runtime state: the workspace files read in this session (display paths), kept by read_file and
 * consulted by search_replace, which refuses to rewrite a file the agent has not looked at. Bound
 * with `registry.state(FileReadLog, { paths: [] })`; saved and restored with the session.
 */
export class FileReadLog {
  @IsArray()
  @IsString({ each: true })
  paths: string[] = [];
}

/** The log with `path` added (most recent last, capped). */
export function rememberRead(log: Readonly<FileReadLog>, path: string): { paths: string[] } {
  const paths = log.paths.filter((known) => known !== path);
  paths.push(path);
  return { paths: paths.slice(-MAX_REMEMBERED_READS) };
}
