<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient\Validation;

use function array_key_exists, count, is_array, is_float, is_int, strlen;

/**
 * What the generated validators call that is more than an expression: JSON's types in PHP
 * terms, JSON equality, decimal limits, the Luhn digit, the closest alternative of a failed
 * oneOf/anyOf, and a field's JSON content. No schema knowledge lives here.
 *
 * Values: lists are PHP lists; objects are string-keyed arrays or stdClass (json_decode). An
 * empty PHP array `[]` passes as either, unless $strictJson is set (values from json_decode
 * without `assoc`, where `{}` is a stdClass): Validator sets it for one run.
 */
final class Checks
{
    public static bool $strictJson = false;
    /** Set by a predicate body when an `x-warning`'s checks fail: Validator then collects the warnings. */
    public static bool $warned = false;
    private static ?\stdClass $notJson = null;

    public static function isObject(mixed $value): bool
    {
        if (is_array($value)) {
            return $value === [] ? !self::$strictJson : !array_is_list($value);
        }
        return $value instanceof \stdClass;
    }

    public static function isList(mixed $value): bool
    {
        return is_array($value) && array_is_list($value);
    }

    public static function isNumber(mixed $value): bool
    {
        return is_int($value) || (is_float($value) && is_finite($value));
    }

    public static function isInteger(mixed $value): bool
    {
        return is_int($value) || (is_float($value) && is_finite($value) && floor($value) === $value);
    }

    /** JSON equality: numbers by value, objects by keys regardless of order. */
    public static function equal(mixed $a, mixed $b): bool
    {
        if ($a instanceof \stdClass) {
            $a = (array) $a;
        }
        if ($b instanceof \stdClass) {
            $b = (array) $b;
        }
        if ((is_int($a) || is_float($a)) && (is_int($b) || is_float($b))) {
            return $a == $b;
        }
        if (is_array($a) && is_array($b)) {
            if (count($a) !== count($b) || array_is_list($a) !== array_is_list($b)) {
                return false;
            }
            foreach ($a as $key => $item) {
                if (!array_key_exists($key, $b) || !self::equal($item, $b[$key])) {
                    return false;
                }
            }
            return true;
        }
        return $a === $b;
    }

    /** @param list<mixed> $values */
    public static function inEnum(mixed $value, array $values): bool
    {
        foreach ($values as $allowed) {
            if (self::equal($allowed, $value)) {
                return true;
            }
        }
        return false;
    }

    /** @param list<mixed> $items */
    public static function hasUniqueItems(array $items): bool
    {
        $count = count($items);
        for ($i = 0; $i < $count; $i++) {
            for ($j = $i + 1; $j < $count; $j++) {
                if (self::equal($items[$i], $items[$j])) {
                    return false;
                }
            }
        }
        return true;
    }

    /** A quotient within rounding error of an integer is a multiple (a spec's steps are decimals). */
    public static function isMultipleOf(int|float $value, int|float $divisor): bool
    {
        $quotient = $value / $divisor;
        return is_finite($quotient) && abs($quotient - round($quotient)) <= abs($quotient) * 1e-12;
    }

    /** The digits after the point of a decimal string ('1.999' has 3, '10' none). */
    public static function fractionDigits(string $text): int
    {
        $point = strpos($text, '.');
        return $point === false ? 0 : strlen($text) - $point - 1;
    }

    /**
     * The decimals $table gives $currency (a currency code), or -1 when it gives none.
     *
     * @param array<string, int> $table
     */
    public static function currencyDecimals(array $table, mixed $currency): int
    {
        return is_string($currency) && isset($table[$currency]) ? $table[$currency] : -1;
    }

    /** Negative, zero or positive like a - b; null when either is not a plain decimal (its pattern reports that). */
    public static function compareDecimal(string $a, string $b): ?int
    {
        $decimal = '/^-?[0-9]+(\.[0-9]+)?$/D';
        if (!preg_match($decimal, $a) || !preg_match($decimal, $b)) {
            return null;
        }
        $split = static function (string $text): array {
            $negative = str_starts_with($text, '-');
            [$whole, $fraction] = array_pad(explode('.', ltrim($text, '-')), 2, '');
            return [$negative, $whole, $fraction];
        };
        [$negativeA, $wholeA, $fractionA] = $split($a);
        [$negativeB, $wholeB, $fractionB] = $split($b);
        $width = max(strlen($fractionA), strlen($fractionB));
        $digitsA = ltrim($wholeA . str_pad($fractionA, $width, '0'), '0');
        $digitsB = ltrim($wholeB . str_pad($fractionB, $width, '0'), '0');
        $signA = $digitsA === '' ? 0 : ($negativeA ? -1 : 1);
        $signB = $digitsB === '' ? 0 : ($negativeB ? -1 : 1);
        if ($signA !== $signB) {
            return $signA <=> $signB;
        }
        $magnitude = strlen($digitsA) !== strlen($digitsB) ? strlen($digitsA) <=> strlen($digitsB) : strcmp($digitsA, $digitsB) <=> 0;
        return $signA * $magnitude;
    }

    /** True when the digits pass the Luhn check; a value with anything but digits is left to `pattern`. */
    public static function luhn(string $value): bool
    {
        if ($value === '' || strspn($value, '0123456789') !== strlen($value)) {
            return true;
        }
        // From the right, two digits at a time: the first counts as it is, the second doubled.
        static $pairs = null;
        $pairs ??= self::luhnPairs();
        $sum = 0;
        foreach (str_split(strrev($value), 2) as $pair) {
            $sum += $pairs[$pair];
        }
        return $sum % 10 === 0;
    }

    /**
     * What each pair of reversed digits adds to a Luhn sum ("13" = 1 + 2 * 3), and a lone last digit.
     *
     * @return array<string|int, int>
     */
    private static function luhnPairs(): array
    {
        $pairs = [];
        for ($kept = 0; $kept <= 9; $kept++) {
            $pairs[(string) $kept] = $kept;
            for ($doubled = 0; $doubled <= 9; $doubled++) {
                $pairs["{$kept}{$doubled}"] = $kept + ($doubled > 4 ? 2 * $doubled - 9 : 2 * $doubled);
            }
        }
        return $pairs;
    }

    /**
     * Which alternative of a failed anyOf/oneOf an object looks most like (reporting code only):
     * its declared fields present, minus 1000 per forbidden one present; the first of the best.
     *
     * @param list<array{0: list<string>, 1: list<string>}> $alternatives
     */
    public static function closestAlternative(mixed $value, array $alternatives): int
    {
        if (!self::isObject($value)) {
            return 0;
        }
        $fields = (array) $value;
        $best = 0;
        $bestScore = null;
        foreach ($alternatives as $index => [$declared, $forbidden]) {
            $score = self::presentCount($fields, $declared) - 1000 * self::presentCount($fields, $forbidden);
            if ($bestScore === null || $score > $bestScore) {
                [$best, $bestScore] = [$index, $score];
            }
        }
        return $best;
    }

    /** @param list<string> $keys */
    private static function presentCount(array $fields, array $keys): int
    {
        $count = 0;
        foreach ($keys as $key) {
            $count += array_key_exists($key, $fields) ? 1 : 0;
        }
        return $count;
    }

    /** What jsonContent returns for a string that is not JSON. */
    public static function notJson(): \stdClass
    {
        return self::$notJson ??= new \stdClass();
    }

    /** The JSON document a string field carries (`contentMediaType: application/json`), `{}` kept apart from `[]`. */
    public static function jsonContent(string $text): mixed
    {
        try {
            return json_decode($text, false, 512, JSON_THROW_ON_ERROR);
        } catch (\JsonException) {
            return self::notJson();
        }
    }

    /**
     * Validates a field's JSON content (strictly: it keeps `{}` apart from `[]`); with a context
     * its issues follow the field's path and a JSON pointer, and the answer is true.
     *
     * @param callable(mixed, ?ValidationContext): bool $validate
     */
    public static function inContent(mixed $content, ?ValidationContext $ctx, callable $validate): bool
    {
        $strict = self::$strictJson;
        self::$strictJson = true;
        try {
            return $ctx === null ? $validate($content) : $ctx->visit(null, $content, $validate);
        } finally {
            self::$strictJson = $strict;
        }
    }
}
