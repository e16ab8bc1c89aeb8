<?php

declare(strict_types=1);

// A merchant's callback endpoint as the PHP guide writes it, served by `php -S` for the
// integration suite: CallbackHandler reads php://input, verifies, answers OK or ERROR. Each
// verified event (or refusal) is appended as a JSON line to the file CALLBACK_EVENTS names.
require dirname(__DIR__, 2) . '/generated/php/autoload.php';

use PaymentGateway\MerchantClient\Callback\CallbackEvent;
use PaymentGateway\MerchantClient\CallbackHandler;
use PaymentGateway\MerchantClient\Callbacks;

$record = static function (array $line): void {
    file_put_contents((string) getenv('CALLBACK_EVENTS'), json_encode($line, JSON_UNESCAPED_SLASHES) . "\n", FILE_APPEND | LOCK_EX);
};

$handler = new CallbackHandler(
    new Callbacks((string) getenv('MERCHANT_PASSWORD')),
    onEvent: static function (CallbackEvent $event) use ($record): void {
        $record(['name' => $event->name, 'protocol' => $event->protocol, 'class' => $event::class, 'fields' => $event->fields, 'covered' => $event->covered, 'issues' => array_map(static fn ($issue) => $issue->toArray(), $event->issues)]);
    },
    // The shop looks the order up by its id: the suite's card orders were paid by this payer.
    // (An APM callback hashes every field it carries: no context is given for it.)
    signingContext: static fn (array $fields): array => isset($fields['card']) ? ['payer_email' => 'payer@example.com'] : [],
    onError: static function (\Throwable $error) use ($record): void {
        $record(['refused' => $error->getMessage()]);
    },
);
$handler->run();
