<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient\Exception;

/** Nothing usable came back: a timeout, a refused connection, an unexpected status or body. */
final class TransportException extends GatewayException
{
    public const TIMEOUT = 'timeout';
    public const CONNECTION = 'connection';
    public const HTTP = 'http';
    public const RESPONSE = 'response';

    public function __construct(
        string $operation,
        /** timeout | connection | http | response */
        public readonly string $failure,
        string $message,
        /** HTTP status, when a response arrived. */
        public readonly ?int $status = null,
        /** True when the request certainly never reached the platform (safe to send again). */
        public readonly bool $notSent = false,
    ) {
        parent::__construct($operation, $message);
    }

    public function kind(): string
    {
        return 'transport';
    }

    public function toArray(): array
    {
        return parent::toArray() + ['failure' => $this->failure, 'status' => $this->status, 'notSent' => $this->notSent];
    }
}
