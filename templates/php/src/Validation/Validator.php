<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient\Validation;

use PaymentGateway\MerchantClient\Generated\Validators;

/**
 * Validates a value against a component schema of the spec with the generated validators
 * (Generated\Validators, compiled per schema from the same model and keywords as the TypeScript
 * validators): the predicate first, which allocates nothing on a valid value; the reporting pass
 * only when it says no. Issues name wire paths in the body's style: `parameters[pin]` on a form,
 * `order.amount` in JSON.
 */
final class Validator
{
    private static ?self $default = null;

    /** @param bool $strictJson values come from json_decode without `assoc` (`{}` is a stdClass, `[]` only a list) */
    public function __construct(private readonly bool $strictJson = false)
    {
    }

    public static function default(): self
    {
        return self::$default ??= new self();
    }

    /**
     * @param 'form'|'json' $style how wire paths are written
     * @return list<ValidationIssue> empty when valid
     */
    public function validate(string $schemaName, mixed $value, string $style = 'json'): array
    {
        return $this->check($schemaName, $value, $style)['issues'];
    }

    /**
     * The issues and the warnings (the spec's `x-warning` checks: a value with warnings is valid,
     * and a request with them is sent), as the TypeScript validators give them.
     *
     * @param 'form'|'json' $style how wire paths are written
     * @return array{issues: list<ValidationIssue>, warnings: list<ValidationIssue>}
     */
    public function check(string $schemaName, mixed $value, string $style = 'json'): array
    {
        $method = Validators::SCHEMAS[$schemaName] ?? throw new \InvalidArgumentException("No schema {$schemaName}");
        $strict = Checks::$strictJson;
        Checks::$strictJson = $this->strictJson;
        Checks::$warned = false;
        try {
            if (Validators::$method($value) && !Checks::$warned) {
                return ['issues' => [], 'warnings' => []];
            }
            $ctx = new ValidationContext($style);
            Validators::$method($value, $ctx);
            return ['issues' => $ctx->issues, 'warnings' => $ctx->warnings];
        } finally {
            Checks::$strictJson = $strict;
        }
    }
}
