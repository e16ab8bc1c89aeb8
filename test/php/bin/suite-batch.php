<?php

declare(strict_types=1);

// Runs the JSON-Schema-Test-Suite cases for test/php/json-schema-test-suite.test.ts in one
// process: reads {"classes": [file, ...], "cases": [{"class", "schema", "data"}]} from the file
// named by argv[1], requires the generated classes and writes each case's verdict, from the
// predicate and from the reporting pass. Data is read with json_decode's objects (`{}` apart from `[]`).
require dirname(__DIR__, 3) . '/generated/php/autoload.php';

use PaymentGateway\MerchantClient\Validation\Checks;
use PaymentGateway\MerchantClient\Validation\ValidationContext;

$batch = json_decode((string) file_get_contents($argv[1]), false, 512, JSON_THROW_ON_ERROR);
foreach ($batch->classes as $file) {
    require $file;
}
Checks::$strictJson = true;
$out = [];
foreach ($batch->cases as $case) {
    $class = 'PaymentGateway\\MerchantClient\\Generated\\' . $case->class;
    $method = $class::SCHEMAS[$case->schema];
    $ctx = new ValidationContext('json');
    $class::$method($case->data, $ctx);
    $out[] = ['valid' => $class::$method($case->data), 'issues' => count($ctx->issues)];
}
echo json_encode($out);
