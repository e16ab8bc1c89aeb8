<?php

declare(strict_types=1);

// The PHP form codec over a batch, for test/php/form-codec-parity.test.ts: encodes each tree and
// decodes each body of the file named by argv[1] ({"trees": [...], "bodies": [...]}).
require dirname(__DIR__, 3) . '/generated/php/autoload.php';

use PaymentGateway\MerchantClient\FormCodec;

$batch = json_decode((string) file_get_contents($argv[1]), true, 512, JSON_THROW_ON_ERROR);
echo json_encode([
    'encoded' => array_map(FormCodec::encode(...), $batch['trees']),
    'decoded' => array_map(static fn (string $body): array => FormCodec::decode($body), $batch['bodies']),
    'native' => array_map(static fn (array $tree): string => http_build_query($tree, '', '&', PHP_QUERY_RFC1738), $batch['trees']),
], JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
