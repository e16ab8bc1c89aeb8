<?php

declare(strict_types=1);

// One S2S CARD SALE through the PHP client (validate, sign, encode, send over cURL, parse) against
// the same request written by hand as the document's formulas read (cURL + md5 + http_build_query),
// interleaved in this one process (A, B, then B, A, ...), after a warm-up. Both sides reuse one
// cURL handle (keep-alive), as a merchant's long-running worker would.
//   php card-sale.php BASE_URL KEY PASSWORD SALE_JSON_FILE ROUNDS BATCH [measure|unvalidated|once-ours|once-baseline]
// prints {"ours": [µs per sale per round], "baseline": [...]} or, with once-*, sends one sale;
// `unvalidated` measures the client with validateRequests: false (where the time goes).
require dirname(__DIR__, 2) . '/generated/php/autoload.php';

use PaymentGateway\MerchantClient\Configuration;
use PaymentGateway\MerchantClient\Gateway;

[, $baseUrl, $key, $password, $saleFile, $rounds, $batch] = $argv;
$mode = $argv[7] ?? 'measure';
$sale = json_decode((string) file_get_contents($saleFile), true, 512, JSON_THROW_ON_ERROR);

$gateway = new Gateway(new Configuration($baseUrl, $key, $password, retries: 0, validateRequests: $mode !== 'unvalidated'));
$ours = static function () use ($gateway, $sale): void {
    if ($gateway->card()->sale($sale)->result !== 'SUCCESS') {
        throw new RuntimeException('the SALE did not succeed');
    }
};

$curl = curl_init();
$baseline = static function () use ($curl, $baseUrl, $key, $password, $sale): void {
    $hash = md5(strtoupper(strrev($sale['payer_email']) . $password . strrev(substr($sale['card_number'], 0, 6) . substr($sale['card_number'], -4))));
    curl_setopt_array($curl, [
        CURLOPT_URL => "{$baseUrl}/post",
        CURLOPT_POST => true,
        CURLOPT_POSTFIELDS => http_build_query(['action' => 'SALE', 'client_key' => $key, ...$sale, 'hash' => $hash]),
        CURLOPT_HTTPHEADER => ['Content-Type: application/x-www-form-urlencoded', 'Accept: application/json', 'Expect:'],
        CURLOPT_RETURNTRANSFER => true,
        CURLOPT_TIMEOUT_MS => 30000,
    ]);
    $answer = json_decode((string) curl_exec($curl), true);
    if (curl_getinfo($curl, CURLINFO_RESPONSE_CODE) !== 200 || ($answer['result'] ?? null) !== 'SUCCESS') {
        throw new RuntimeException('the SALE did not succeed');
    }
};

if (str_starts_with($mode, 'once-')) {
    ($mode === 'once-ours' ? $ours : $baseline)();
    exit(0);
}

$time = static function (callable $fn, int $count): float {
    $started = hrtime(true);
    for ($i = 0; $i < $count; $i++) {
        $fn();
    }
    return (hrtime(true) - $started) / 1e3 / $count;
};
$time($ours, (int) $batch);
$time($baseline, (int) $batch);
$samples = ['ours' => [], 'baseline' => []];
for ($round = 0; $round < (int) $rounds; $round++) {
    foreach ($round % 2 === 0 ? ['ours', 'baseline'] : ['baseline', 'ours'] as $side) {
        $samples[$side][] = $time($side === 'ours' ? $ours : $baseline, (int) $batch);
    }
}
echo json_encode($samples);
