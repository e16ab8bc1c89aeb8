<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient\Exception;

use PaymentGateway\MerchantClient\Validation\ValidationIssue;

/** The request broke rules of the spec; nothing was sent. Issues name wire paths, never values. */
final class RequestValidationException extends GatewayException
{
    /** @param list<ValidationIssue> $issues */
    public function __construct(string $operation, public readonly array $issues)
    {
        parent::__construct($operation, sprintf(
            '%s request is invalid: %s',
            $operation,
            ValidationIssue::listed($issues),
        ));
    }

    public function kind(): string
    {
        return 'validation';
    }

    public function toArray(): array
    {
        return parent::toArray() + ['issues' => array_map(static fn (ValidationIssue $issue): array => $issue->toArray(), $this->issues)];
    }
}
