<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient\Validation;

/** One broken rule: the wire path (`parameters[pin]`, `order.amount`), the keyword, words. Never a value. */
final class ValidationIssue
{
    public function __construct(
        public readonly string $path,
        public readonly string $rule,
        public readonly string $message,
    ) {
    }

    /**
     * The issues as one line, each by its wire path (`(body)` for the whole value): listIssues in TypeScript.
     *
     * @param list<ValidationIssue> $issues
     */
    public static function listed(array $issues): string
    {
        return implode('; ', array_map(static fn (ValidationIssue $issue): string => ($issue->path === '' ? '(body)' : $issue->path) . ': ' . $issue->message, $issues));
    }

    /** @return array{path: string, rule: string, message: string} */
    public function toArray(): array
    {
        return ['path' => $this->path, 'rule' => $this->rule, 'message' => $this->message];
    }
}
