import type { Scenario } from '../runner.js';
import { type Target } from '../wire.js';
import { type Operation } from './examples.js';
export declare function errorScenarios(target: Target, operations: readonly Operation[]): Scenario[];
