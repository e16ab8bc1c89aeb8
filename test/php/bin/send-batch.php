<?php

declare(strict_types=1);

// Sends a batch of calls through the PHP client into a recording transport, for the TypeScript
// comparisons (test/php/brand-values-parity.test.ts): reads {"options": {...}, "calls": [{"group",
// "method", "input", "reply"}]} from the file named by argv[1] and writes the request bodies as
// sent, in order. Nothing leaves the process.
require dirname(__DIR__, 3) . '/generated/php/autoload.php';

use PaymentGateway\MerchantClient\Configuration;
use PaymentGateway\MerchantClient\Gateway;
use PaymentGateway\MerchantClient\Transport\HttpRequest;
use PaymentGateway\MerchantClient\Transport\HttpResponse;
use PaymentGateway\MerchantClient\Transport\Transport;

$batch = json_decode((string) file_get_contents($argv[1]), true, 512, JSON_THROW_ON_ERROR);
$transport = new class () implements Transport {
    /** @var list<string> */
    public array $bodies = [];
    public string $reply = '{}';

    public function send(HttpRequest $request): HttpResponse
    {
        $this->bodies[] = $request->body;
        return new HttpResponse(200, $this->reply);
    }
};
$options = $batch['options'];
$gateway = new Gateway(new Configuration($options['baseUrl'], $options['merchantKey'], $options['password'], retries: 0, brandValues: $options['brandValues'] ?? []), $transport);
foreach ($batch['calls'] as $call) {
    $transport->reply = (string) json_encode($call['reply']);
    $gateway->{$call['group']}()->{$call['method']}($call['input']);
}
echo json_encode(['bodies' => $transport->bodies], JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
