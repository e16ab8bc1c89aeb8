<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient\Exception;

/**
 * Every error of the package, as GatewayError is in the TypeScript client. None holds the
 * request: only wire paths, rules, codes and scrubbed text, so a logged exception (message,
 * trace arguments aside) cannot carry card data.
 */
abstract class GatewayException extends \RuntimeException
{
    /** `S2S CARD SALE`, `Checkout createSession`, or `callback`. */
    public readonly string $operation;

    public function __construct(string $operation, string $message, ?\Throwable $previous = null)
    {
        parent::__construct($message, 0, $previous);
        $this->operation = $operation;
    }

    /** validation | platform | transport | signature | configuration | form */
    abstract public function kind(): string;

    /** @return array<string, mixed> */
    public function toArray(): array
    {
        return ['name' => (new \ReflectionClass($this))->getShortName(), 'kind' => $this->kind(), 'operation' => $this->operation, 'message' => $this->getMessage()];
    }
}
