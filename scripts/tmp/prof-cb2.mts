import { performance } from 'node:perf_hooks';
import * as repo from '/work/main/src/modules/callbacks/outbox-repository.js';
const orig = repo.claimDueEvents;
