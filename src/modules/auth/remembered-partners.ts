// The token endpoint's copies of partners' credentials (issue 14): the partner found by each
// lookup is kept, so the next assertion of the same client needs no lookup. A copy may be outdated
// by a change made anywhere; assertion-checks.ts accepts on a copy only when the statement that
// records the jti finds the partner's credentials version unchanged (migration 0050), and decides
// every refusal on a fresh lookup, so a revoked key or a disabled partner is refused at once.
import { PARTNER_CREDENTIALS_ENTRIES_MAX } from './limits.js';
import type { PartnerDirectory, PartnerRecord } from './ports.js';

export class RememberingPartnerDirectory implements PartnerDirectory {
  private readonly copies = new Map<string, PartnerRecord>();

  constructor(private readonly source: PartnerDirectory) {}

  /** Always a fresh lookup; the partner found (a versioned record) is kept, an unknown client id never is. */
  async findByClientId(clientId: string): Promise<PartnerRecord | null> {
    const found = await this.source.findByClientId(clientId);
    if (found === null || found.version === undefined) {
      this.copies.delete(clientId);
      return found;
    }
    // Only client ids that exist get here: a bounded set; cleared whole when full.
    if (this.copies.size >= PARTNER_CREDENTIALS_ENTRIES_MAX && !this.copies.has(clientId)) this.copies.clear();
    this.copies.set(clientId, found);
    return found;
  }

  remembered(clientId: string): PartnerRecord | undefined {
    return this.copies.get(clientId);
  }
}
