import { IsBoolean } from 'class-validator';

/** Optional capabilities of the tool set; each also needs its client resource provided. */
export class CapabilitiesConfig {
  /** Offer web_fetch (needs a `WebClient`). */
  @IsBoolean()
  webFetch = false;
}
