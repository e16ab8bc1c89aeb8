import type { Scenario } from '../runner.js';
import type { ConformanceTables } from '../tables.js';
import type { Payment } from './flows.js';
import type { CallbackListener } from './listener.js';
export declare function callbackScenarios(tables: ConformanceTables, password: string, listener: CallbackListener | undefined, payments: readonly Payment[], waitMs: number): Scenario[];
