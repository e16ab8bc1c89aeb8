<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient;

use PaymentGateway\MerchantClient\Exception\ConfigurationException;

use function array_key_exists, in_array, is_array, is_bool, is_float, is_object, is_string, strlen;

/**
 * The one interpreter of the spec's `x-signature` recipes in PHP, as templates/runtime/signature.ts
 * is in TypeScript: the recipes are data (the generated Operations and Webhooks tables), no
 * formula is written in code. PHP strings are bytes, so strrev and strtoupper work as the
 * platform's own formulas do; both interpreters are held to one file of golden vectors.
 *
 * An expression is a field name, `$password`, a list (concatenation), or one of
 * `['upper' => e]`, `['reverse' => e]`, `['first6last4' => e]`,
 * `['sortedValues' => ['reverseEach' => bool, 'exclude' => list<string>]]`.
 */
final class Signature
{
    public const PASSWORD_TOKEN = '$password';

    /**
     * @param array<string, mixed> $recipe
     * @param array<array-key, mixed> $fields
     */
    public static function compute(array $recipe, array $fields, #[\SensitiveParameter] string $password, string $algorithm = 'md5'): string
    {
        return self::signer($recipe)($fields, $password, $algorithm);
    }

    /**
     * The recipe compiled once into a signer, `fn (array $fields, string $password, string
     * $algorithm = 'md5'): string`, for a caller that signs with one recipe again and again (the
     * Client keeps one per operation): the recipe is read here, not on every request. compute()
     * runs the same code.
     *
     * @param array<string, mixed> $recipe
     * @return \Closure(array<array-key, mixed>, string, string=): string
     */
    public static function signer(array $recipe): \Closure
    {
        if (!isset($recipe['digests'], $recipe['input']) || !is_array($recipe['digests'])) {
            throw new ConfigurationException('computeSignature', 'recipe must be a signature recipe (from the generated Operations or Webhooks tables)');
        }
        $formula = self::formula($recipe);
        $digests = array_values($recipe['digests']);
        return static function (array $fields, #[\SensitiveParameter] string $password, string $algorithm = 'md5') use ($formula, $digests): string {
            if ($algorithm !== 'md5' && $algorithm !== 'sha256') {
                throw new ConfigurationException('computeSignature', "algorithm must be 'md5' or 'sha256'");
            }
            $data = $formula($fields, $password);
            foreach ($digests as $digest) {
                $data = hash($digest === 'md5' ? $algorithm : (string) $digest, $data);
            }
            return $data;
        };
    }

    /**
     * The bytes the first digest runs over. They contain the password: never log them.
     *
     * @param array<string, mixed> $recipe
     * @param array<array-key, mixed> $fields
     */
    public static function bytes(array $recipe, array $fields, #[\SensitiveParameter] string $password): string
    {
        return self::formula($recipe)($fields, $password);
    }

    /**
     * The recipe's formulas compiled, with the choice among them (chosenInput's): a closure from
     * the fields and the password to the bytes the first digest runs over.
     *
     * @param array<string, mixed> $recipe
     * @return \Closure(array<array-key, mixed>, string): string
     */
    private static function formula(array $recipe): \Closure
    {
        $otherwise = self::compile($recipe['input']);
        $cases = [];
        foreach ($recipe['cases'] ?? [] as $case) {
            $when = $case['when'];
            $cases[] = is_string($when) ? [$when, false, null, self::compile($case['input'])] : [$when['field'], true, $when['equals'], self::compile($case['input'])];
        }
        if ($cases === []) {
            return $otherwise;
        }
        return static function (array $fields, #[\SensitiveParameter] string $password) use ($cases, $otherwise): string {
            foreach ($cases as [$field, $byValue, $equals, $formula]) {
                $value = self::readField($fields, $field);
                if ($byValue ? $value === $equals : $value !== '') {
                    return $formula($fields, $password);
                }
            }
            return $otherwise($fields, $password);
        };
    }

    /**
     * The recipe with the named variant's formula (`vendor`), when it has one.
     *
     * @param array<string, mixed> $recipe
     * @return array<string, mixed>
     */
    public static function variant(array $recipe, ?string $name): array
    {
        $variant = $name === null ? null : ($recipe['variants'][$name] ?? null);
        if (!is_array($variant)) {
            return $recipe;
        }
        return ['digests' => $recipe['digests'], 'input' => $variant['input']] + (isset($variant['cases']) ? ['cases' => $variant['cases']] : []);
    }

    /**
     * The top-level fields the chosen formula hashes: what a callback event calls `signed`.
     *
     * @param array<string, mixed> $recipe
     * @param array<array-key, mixed> $fields
     * @return list<string>
     */
    public static function coveredFields(array $recipe, array $fields): array
    {
        $covered = [];
        self::visitFields(
            self::chosenInput($recipe, $fields),
            static function (string $name) use (&$covered): void {
                $covered[explode('.', $name)[0]] = true;
            },
            static function (array $exclude) use (&$covered, $fields): void {
                foreach (array_keys($fields) as $key) {
                    if (!in_array((string) $key, $exclude, true)) {
                        $covered[(string) $key] = true;
                    }
                }
            },
        );
        return array_map('strval', array_keys($covered));
    }

    /**
     * Every field a recipe reads by name, in any of its formulas or to choose one (`action`,
     * `payer_email`): recipeFieldNames in TypeScript.
     *
     * @param array<string, mixed> $recipe
     * @return list<string>
     */
    public static function recipeFieldNames(array $recipe): array
    {
        $names = [];
        $add = static function (string $name) use (&$names): void {
            $names[$name] = true;
        };
        $none = static function (): void {
        };
        self::visitFields($recipe['input'], $add, $none);
        foreach ($recipe['cases'] ?? [] as $case) {
            $add(is_string($case['when']) ? $case['when'] : $case['when']['field']);
            self::visitFields($case['input'], $add, $none);
        }
        return array_map('strval', array_keys($names));
    }

    /**
     * The fields the formula chosen for these fields reads by name (not those a sortedValues hashes).
     *
     * @param array<string, mixed> $recipe
     * @param array<array-key, mixed> $fields
     * @return list<string>
     */
    public static function chosenFieldNames(array $recipe, array $fields): array
    {
        $names = [];
        self::visitFields(self::chosenInput($recipe, $fields), static function (string $name) use (&$names): void {
            $names[] = $name;
        }, static function (): void {
        });
        return $names;
    }

    /**
     * True when a case of the recipe is selected by a value these fields carry (`action=CREDIT2CARD`).
     *
     * @param array<string, mixed> $recipe
     * @param array<array-key, mixed> $fields
     */
    public static function selectedByValue(array $recipe, array $fields): bool
    {
        return self::caseByValue($recipe, $fields) !== null;
    }

    /**
     * @param array<string, mixed> $recipe
     * @param array<array-key, mixed> $fields
     * @return array<string, mixed>|null
     */
    private static function caseByValue(array $recipe, array $fields): ?array
    {
        foreach ($recipe['cases'] ?? [] as $case) {
            if (is_array($case['when']) && self::readField($fields, $case['when']['field']) === $case['when']['equals']) {
                return $case;
            }
        }
        return null;
    }

    /**
     * Fields the recipe reads by name that are empty in these fields: where a value the signer
     * needs may be missing (the same choice of formulas as emptyRecipeFields in TypeScript).
     *
     * @param array<string, mixed> $recipe
     * @param array<array-key, mixed> $fields
     * @return list<string>
     */
    public static function emptyRecipeFields(array $recipe, array $fields): array
    {
        $byValue = self::caseByValue($recipe, $fields);
        $formulas = $byValue !== null ? [$byValue] : [$recipe, ...($recipe['cases'] ?? [])];
        $names = [];
        foreach ($formulas as $formula) {
            self::visitFields($formula['input'], static function (string $name) use (&$names): void {
                $names[$name] = true;
            }, static function (): void {
            });
        }
        return array_values(array_filter(array_map('strval', array_keys($names)), static fn (string $name): bool => self::readField($fields, $name) === ''));
    }

    /** Constant-time comparison of a received signature with the expected one (case-insensitive hex). */
    public static function matches(mixed $received, string $expected): bool
    {
        return is_string($received) && hash_equals(strtolower($expected), strtolower($received));
    }

    /** @param array<array-key, mixed> $fields */
    private static function chosenInput(array $recipe, array $fields): mixed
    {
        foreach ($recipe['cases'] ?? [] as $case) {
            $when = $case['when'];
            $holds = is_string($when) ? self::readField($fields, $when) !== '' : self::readField($fields, $when['field']) === $when['equals'];
            if ($holds) {
                return $case['input'];
            }
        }
        return $recipe['input'];
    }

    /**
     * One expression compiled to a closure from the fields and the password to its text. An
     * expression the interpreter does not know fails when it is reached, as it always has: a
     * formula that is never chosen never throws.
     *
     * @return \Closure(array<array-key, mixed>, string): string
     */
    private static function compile(mixed $expression): \Closure
    {
        if (is_string($expression)) {
            if ($expression === self::PASSWORD_TOKEN) {
                return static fn (array $fields, #[\SensitiveParameter] string $password): string => $password;
            }
            return static fn (array $fields): string => is_string($fields[$expression] ?? null) ? $fields[$expression] : self::readField($fields, $expression);
        }
        if (is_array($expression) && array_is_list($expression)) {
            $parts = array_map(self::compile(...), $expression);
            return static function (array $fields, #[\SensitiveParameter] string $password) use ($parts): string {
                $out = '';
                foreach ($parts as $part) {
                    $out .= $part($fields, $password);
                }
                return $out;
            };
        }
        if (is_array($expression) && array_key_exists('upper', $expression)) {
            $inner = self::compile($expression['upper']);
            // PHP strtoupper, ASCII only (locale-independent before PHP 8.2 too).
            return static fn (array $fields, #[\SensitiveParameter] string $password): string => strtr($inner($fields, $password), 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
        }
        if (is_array($expression) && array_key_exists('reverse', $expression)) {
            $inner = self::compile($expression['reverse']);
            return static fn (array $fields, #[\SensitiveParameter] string $password): string => strrev($inner($fields, $password));
        }
        if (is_array($expression) && array_key_exists('first6last4', $expression)) {
            $inner = self::compile($expression['first6last4']);
            return static function (array $fields, #[\SensitiveParameter] string $password) use ($inner): string {
                $value = $inner($fields, $password);
                return strlen($value) <= 10 ? $value : substr($value, 0, 6) . substr($value, -4);
            };
        }
        if (is_array($expression) && array_key_exists('sortedValues', $expression)) {
            $sorted = $expression['sortedValues'];
            return static fn (array $fields): string => self::sortedValues($fields, (bool) $sorted['reverseEach'], $sorted['exclude'], true);
        }
        return static fn (): string => throw new ConfigurationException('computeSignature', 'unknown recipe expression');
    }

    /** Values of every field but the excluded ones, in ksort key order, nested arrays recursively. */
    private static function sortedValues(mixed $node, bool $reverseEach, array $exclude, bool $top): string
    {
        if ($node === null) {
            return '';
        }
        if (!is_array($node)) {
            $text = self::scalarText($node);
            return $reverseEach ? strrev($text) : $text;
        }
        if ($top) {
            $node = array_diff_key($node, array_flip($exclude));
        }
        ksort($node);
        $out = '';
        foreach ($node as $child) {
            $out .= self::sortedValues($child, $reverseEach, $exclude, false);
        }
        return $out;
    }

    /**
     * A field by wire name; dotted names (`order.amount`) walk nested arrays. Absent, null or a
     * nested value reads as ''.
     *
     * @param array<array-key, mixed> $fields
     */
    public static function readField(array $fields, string $name): string
    {
        $value = $fields[$name] ?? null;
        if ($value === null && str_contains($name, '.')) {
            $value = self::readPath($fields, $name);
        }
        return $value === null || is_array($value) || is_object($value) ? '' : self::scalarText($value);
    }

    /** The value at a dotted name in nested arrays; null when absent. */
    public static function readPath(mixed $node, string $name): mixed
    {
        foreach (explode('.', $name) as $key) {
            if (!is_array($node) || !array_key_exists($key, $node)) {
                return null;
            }
            $node = $node[$key];
        }
        return $node;
    }

    /** A scalar as JavaScript's String() writes it, so both clients hash the same text (`true`, not `1`). */
    private static function scalarText(mixed $value): string
    {
        if (is_bool($value)) {
            return $value ? 'true' : 'false';
        }
        return is_float($value) ? FormCodec::numberText($value) : (string) $value;
    }

    /**
     * Calls $field for each field an expression reads by name, $sorted for each sortedValues.
     *
     * @param callable(string): void $field
     * @param callable(list<string>): void $sorted
     */
    public static function visitFields(mixed $expression, callable $field, callable $sorted): void
    {
        if (is_string($expression)) {
            if ($expression !== self::PASSWORD_TOKEN) {
                $field($expression);
            }
        } elseif (is_array($expression) && array_is_list($expression)) {
            foreach ($expression as $part) {
                self::visitFields($part, $field, $sorted);
            }
        } elseif (is_array($expression) && isset($expression['sortedValues'])) {
            $sorted($expression['sortedValues']['exclude']);
        } elseif (is_array($expression)) {
            foreach ($expression as $inner) {
                self::visitFields($inner, $field, $sorted);
            }
        }
    }
}
