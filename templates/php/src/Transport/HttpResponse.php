<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient\Transport;

final class HttpResponse
{
    /** @param array<string, string> $headers lower-case names */
    public function __construct(
        public readonly int $status,
        public readonly string $body,
        public readonly array $headers = [],
    ) {
    }
}
