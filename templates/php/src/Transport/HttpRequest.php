<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient\Transport;

/** One request as it goes on the wire: already validated, signed and encoded. */
final class HttpRequest
{
    /** @param array<string, string> $headers */
    public function __construct(
        public readonly string $method,
        public readonly string $url,
        public readonly array $headers,
        #[\SensitiveParameter] public readonly string $body,
        public readonly int $timeoutMs,
    ) {
    }
}
