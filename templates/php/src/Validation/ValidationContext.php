<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient\Validation;

/**
 * State of one reporting run of the generated validators (Generated\Validators): the wire path as
 * a stack the code pushes and pops, and the issues found. A valid value never makes one: the
 * predicate pass runs first, without a context.
 */
final class ValidationContext
{
    /** @var list<string|int|null> path segments; null enters a field's JSON content */
    private array $segments = [];
    /** @var list<ValidationIssue> */
    public array $issues = [];
    /** @var list<ValidationIssue> what the spec's `x-warning` checks found: reported, never refused */
    public array $warnings = [];
    /** A warning's own message, which replaces those of its checks. */
    private ?string $message = null;

    /** @param 'form'|'json' $style how wire paths are written */
    public function __construct(private readonly string $style)
    {
    }

    /**
     * The context an `x-warning`'s checks report into: at the same path, their issues become
     * warnings, with the warning's own message.
     */
    public function warning(string $message): self
    {
        $context = new self($this->style);
        $context->segments = &$this->segments;
        $context->issues = &$this->warnings;
        $context->warnings = &$this->warnings;
        $context->message = $message;
        return $context;
    }

    /**
     * A failed rule in generated code: with a context the issue is recorded and the validator
     * walks on (false); without one it stops at once (true).
     */
    public static function reject(?self $ctx, string $rule, string $message): bool
    {
        if ($ctx === null) {
            return true;
        }
        $ctx->fail($rule, $message);
        return false;
    }

    /** As reject, for a field of the current object (missing or forbidden). */
    public static function rejectAt(?self $ctx, string|int $segment, string $rule, string $message): bool
    {
        if ($ctx === null) {
            return true;
        }
        $ctx->failAt($segment, $rule, $message);
        return false;
    }

    public function fail(string $rule, string $message): void
    {
        $this->issues[] = new ValidationIssue(self::wirePath($this->style, $this->segments), $rule, $this->message ?? $message);
    }

    public function failAt(string|int|null $segment, string $rule, string $message): void
    {
        $this->segments[] = $segment;
        $this->fail($rule, $message);
        array_pop($this->segments);
    }

    public function enter(string|int|null $segment): void
    {
        $this->segments[] = $segment;
    }

    public function leave(): void
    {
        array_pop($this->segments);
    }

    /**
     * Records the issues of a part of the value (a field, an item) one segment down; true, so the
     * caller walks on.
     *
     * @param callable(mixed, self): bool $validate
     */
    public function visit(string|int|null $segment, mixed $value, callable $validate): bool
    {
        $this->segments[] = $segment;
        $validate($value, $this);
        array_pop($this->segments);
        return true;
    }

    /**
     * The wire path of segments: form `a[b][0]`, JSON `a.b[0]`; null enters a field's JSON
     * content, after which a JSON pointer follows (`payment_token#/signature`).
     *
     * @param list<string|int|null> $segments
     */
    public static function wirePath(string $style, array $segments): string
    {
        $path = '';
        $pointer = null;
        foreach ($segments as $segment) {
            if ($segment === null) {
                $pointer = '';
            } elseif ($pointer !== null) {
                $pointer .= '/' . str_replace(['~', '/'], ['~0', '~1'], (string) $segment);
            } elseif (is_int($segment) || ($style === 'form' && $path !== '')) {
                $path .= "[{$segment}]";
            } else {
                $path .= $path === '' ? $segment : ".{$segment}";
            }
        }
        return $pointer === null ? $path : "{$path}#{$pointer}";
    }
}
