<?php

// One callback endpoint for every protocol: Checkout, S2S CARD and S2S APM callbacks arrive at
// the same URL and are verified the same way. Your shop hands over what it knows about the
// order; each callback's signature uses only the values its own formula covers, so the same
// lookup serves all of them.

require __DIR__ . '/vendor/autoload.php';

use PaymentGateway\MerchantClient\Callback\CallbackEvent;
use PaymentGateway\MerchantClient\CallbackHandler;
use PaymentGateway\MerchantClient\Callbacks;

/**
 * Your shop's order lookup: what it kept of an order when it sent the payment (here a JSON file
 * keyed by order id, {"payer_email": ..., "card": ...}; your database in production).
 */
function findOrder(string $orderId): ?array
{
    $orders = json_decode((string) @file_get_contents(__DIR__ . '/orders.json'), true) ?: [];
    return $orders[$orderId] ?? null;
}

$handler = new CallbackHandler(
    // md5 unless the operator switched your account to SHA256 signatures.
    new Callbacks(getenv('MERCHANT_PASSWORD'), getenv('SIGNATURE_ALGORITHM') ?: 'md5'),
    onEvent: function (CallbackEvent $event): void {
        // $event->signed holds the fields the hash covers. `status` is not among them on most
        // callbacks: anyone replaying an authentic callback can change it, so confirm it with a
        // status lookup before you ship an order.
        file_put_contents(__DIR__ . '/callbacks.log', "{$event->name} {$event->trans_id} {$event->status}\n", FILE_APPEND);
    },
    // The fields are not verified yet: use them only to find the order (S2S callbacks name it
    // order_id, Checkout callbacks order_number). The card may be its first 6 and last 4 digits.
    signingContext: function (array $fields): array {
        $order = findOrder((string) ($fields['order_id'] ?? $fields['order_number'] ?? ''));
        return $order === null ? [] : ['payer_email' => $order['payer_email'], 'card_number' => $order['card']];
    },
);
$handler->run();
