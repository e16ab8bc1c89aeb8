<?php

declare(strict_types=1);

// Validates a batch of cases in one process for the parity test (test/php/validator-parity.test.ts):
// reads {"cases": [{"schema", "style", "value"}]} from the file named by argv[1], writes one
// line per case: {"ok": bool, "issues": [{path, rule, message}], "warnings": [{path, rule, message}]}.
// Values are read with json_decode's objects, so `{}` and `[]` stay apart.
require dirname(__DIR__, 3) . '/generated/php/autoload.php';

use PaymentGateway\MerchantClient\Validation\Validator;

$validator = new Validator(strictJson: true);
$batch = json_decode((string) file_get_contents($argv[1]), false, 512, JSON_THROW_ON_ERROR);
$started = hrtime(true);
$out = [];
foreach ($batch->cases as $case) {
    ['issues' => $issues, 'warnings' => $warnings] = $validator->check($case->schema, $case->value, $case->style);
    $listed = static fn (array $found): array => array_map(static fn ($issue): array => $issue->toArray(), $found);
    $out[] = ['ok' => $issues === [], 'issues' => $listed($issues), 'warnings' => $listed($warnings)];
}
echo json_encode(['results' => $out, 'ms' => (hrtime(true) - $started) / 1e6], JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE);
