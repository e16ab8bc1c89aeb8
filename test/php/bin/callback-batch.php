<?php

declare(strict_types=1);

// Verifies a batch of callbacks in one process for test/php/callback-parity.test.ts: reads
// {"password", "cases": [{"body", "context", "protocol"}]} from the file named by argv[1] and
// writes one verdict per case: the webhook and signed fields, or the refusal's message.
require dirname(__DIR__, 3) . '/generated/php/autoload.php';

use PaymentGateway\MerchantClient\Callbacks;
use PaymentGateway\MerchantClient\Exception\SignatureException;

$batch = json_decode((string) file_get_contents($argv[1]), true, 512, JSON_THROW_ON_ERROR);
$callbacks = new Callbacks($batch['password']);
$out = [];
foreach ($batch['cases'] as $case) {
    try {
        $event = $callbacks->parse($case['body'], $case['context'], $case['protocol']);
        $out[] = ['name' => $event->name, 'covered' => $event->covered, 'issues' => count($event->issues)];
    } catch (SignatureException $error) {
        $out[] = ['refused' => $error->getMessage()];
    }
}
echo json_encode($out, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
