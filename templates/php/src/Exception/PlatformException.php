<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient\Exception;

/** The platform answered with an error (`result=ERROR`, or a Checkout error body); its text scrubbed of card data. */
final class PlatformException extends GatewayException
{
    /**
     * @param list<array{error_code?: int|string, error_message: string}> $errors
     */
    public function __construct(
        string $operation,
        public readonly int $httpCode,
        public readonly int|string|null $errorCode,
        public readonly string $errorMessage,
        public readonly array $errors = [],
    ) {
        $details = $errors === [] ? '' : ' [' . implode('; ', array_map(static fn (array $entry): string => $entry['error_message'], $errors)) . ']';
        parent::__construct($operation, sprintf('%s failed (HTTP %d%s): %s%s', $operation, $httpCode, $errorCode === null ? '' : ", code {$errorCode}", $errorMessage, $details));
    }

    public function kind(): string
    {
        return 'platform';
    }

    public function toArray(): array
    {
        return parent::toArray() + ['http_code' => $this->httpCode, 'error_code' => $this->errorCode, 'error_message' => $this->errorMessage, 'errors' => $this->errors];
    }
}
