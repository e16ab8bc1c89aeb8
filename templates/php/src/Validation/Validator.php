<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient\Validation;

use PaymentGateway\MerchantClient\Generated\Schemas;

/**
 * Validates a value against a component schema of the spec, interpreting the same JSON Schema
 * (the generated Schemas table, exported by the generator from the bundled spec) that the TypeScript
 * validators are compiled from, one method per keyword family, with the same extensions
 * (`x-luhn`, `x-decimal-minimum`/`-maximum`, JSON `contentSchema`). Issues name wire paths in the
 * body's style: `parameters[pin]` on a form, `order.amount` in JSON.
 *
 * Why an interpreter and not generated PHP: the schemas are the single source already, the
 * interpreter is one small file to review against the TypeScript keywords, and a parity test
 * holds it to the TypeScript validators' verdicts on every example and mutation.
 *
 * Values: lists are PHP lists; objects are string-keyed arrays or stdClass (json_decode). An
 * empty PHP array `[]` passes as either unless $strictJson (values from json_decode without
 * `assoc`, where `{}` is a stdClass).
 */
final class Validator
{
    /** @var array<string, mixed> */
    private array $schemas;
    /** @var list<ValidationIssue> */
    private array $issues = [];
    private string $style = 'json';
    private static ?self $default = null;

    /** @param array<string, mixed> $schemas component name → schema */
    public function __construct(array $schemas, private readonly bool $strictJson = false)
    {
        $this->schemas = $schemas;
    }

    /** The package's own schemas (loaded once per process). */
    public static function default(): self
    {
        return self::$default ??= new self(Schemas::SCHEMAS);
    }

    /**
     * @param 'form'|'json' $style how wire paths are written
     * @return list<ValidationIssue> empty when valid
     */
    public function validate(string $schemaName, mixed $value, string $style = 'json'): array
    {
        if (!array_key_exists($schemaName, $this->schemas)) {
            throw new \InvalidArgumentException("No schema {$schemaName}");
        }
        $this->issues = [];
        $this->style = $style;
        $this->check($this->schemas[$schemaName], $value, []);
        return $this->issues;
    }

    /**
     * The issues $value has against $schema, collected apart from the current ones.
     *
     * @param list<string|int|null> $path
     * @return list<ValidationIssue>
     */
    private function issuesOf(mixed $schema, mixed $value, array $path): array
    {
        $saved = $this->issues;
        $this->issues = [];
        $this->check($schema, $value, $path);
        $found = $this->issues;
        $this->issues = $saved;
        return $found;
    }

    /** @param list<string|int|null> $path */
    private function fail(array $path, string $rule, string $message): void
    {
        $this->issues[] = new ValidationIssue(self::wirePath($this->style, $path), $rule, $message);
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

    /** @param list<string|int|null> $path */
    private function check(mixed $schema, mixed $value, array $path): void
    {
        if ($schema === true || $schema === []) {
            return;
        }
        if ($schema === false) {
            $this->fail($path, 'false', 'is not allowed here');
            return;
        }
        if (!is_array($schema)) {
            return;
        }
        if (isset($schema['$ref'])) {
            $name = substr((string) $schema['$ref'], strlen('#/components/schemas/'));
            $this->check($this->schemas[$name] ?? true, $value, $path);
        }
        if (isset($schema['type']) && !$this->hasType($value, $schema['type'])) {
            $types = (array) $schema['type'];
            $this->fail($path, 'type', 'must be ' . implode(' or ', array_map(static fn (string $type): string => in_array($type[0], ['a', 'i', 'o'], true) ? "an {$type}" : "a {$type}", $types)));
            return;
        }
        $this->value($schema, $value, $path);
        $this->combinators($schema, $value, $path);
        if (is_string($value)) {
            $this->string($schema, $value, $path);
        } elseif (is_int($value) || is_float($value)) {
            $this->number($schema, $value, $path);
        } elseif ($this->isObject($value)) {
            $this->object($schema, (array) $value, $path);
        } elseif ($this->isList($value)) {
            $this->list($schema, $value, $path);
        }
    }

    private function isObject(mixed $value): bool
    {
        if ($value instanceof \stdClass) {
            return true;
        }
        return is_array($value) && ($value === [] ? !$this->strictJson : !array_is_list($value));
    }

    private function isList(mixed $value): bool
    {
        return is_array($value) && array_is_list($value);
    }

    private function hasType(mixed $value, mixed $types): bool
    {
        if ($types === 'string') {
            return is_string($value);
        }
        foreach ((array) $types as $type) {
            $holds = match ($type) {
                'string' => is_string($value),
                'integer' => is_int($value) || (is_float($value) && floor($value) === $value && is_finite($value)),
                'number' => is_int($value) || is_float($value),
                'boolean' => is_bool($value),
                'null' => $value === null,
                'object' => $this->isObject($value),
                'array' => $this->isList($value),
                default => false,
            };
            if ($holds) {
                return true;
            }
        }
        return false;
    }

    /** @param list<string|int|null> $path */
    private function value(array $schema, mixed $value, array $path): void
    {
        if (array_key_exists('const', $schema) && !self::equal($schema['const'], $value)) {
            $this->fail($path, 'const', is_scalar($schema['const']) ? 'must be ' . var_export($schema['const'], true) : 'must be the constant value');
        }
        if (isset($schema['enum']) && is_array($schema['enum'])) {
            foreach ($schema['enum'] as $allowed) {
                if (self::equal($allowed, $value)) {
                    return;
                }
            }
            $this->fail($path, 'enum', 'must be one of ' . implode(', ', array_map(static fn (mixed $item): string => is_scalar($item) ? (string) $item : 'a listed value', $schema['enum'])));
        }
    }

    /** JSON equality: numbers by value, objects by keys regardless of order. */
    private static function equal(mixed $a, mixed $b): bool
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

    /** @param list<string|int|null> $path */
    private function combinators(array $schema, mixed $value, array $path): void
    {
        foreach ($schema['allOf'] ?? [] as $member) {
            $this->check($member, $value, $path);
        }
        if (isset($schema['oneOf']) && ($branch = $this->discriminated($schema, $value)) !== null) {
            // The discriminator names the one branch the value can match (each branch's tag is a
            // const): checking that branch alone gives the oneOf verdict, with that branch's issues.
            $this->check($branch, $value, $path);
        } elseif (isset($schema['oneOf'])) {
            $failures = [];
            $matched = 0;
            foreach ($schema['oneOf'] as $member) {
                $found = $this->issuesOf($member, $value, $path);
                $found === [] ? $matched++ : $failures[] = $found;
            }
            if ($matched === 0) {
                $this->closest($schema['oneOf'], $failures, $value, $path, 'oneOf', 'must match exactly one of the allowed shapes');
            } elseif ($matched > 1) {
                $this->fail($path, 'oneOf', 'matches more than one of the shapes that exclude each other');
            }
        }
        if (isset($schema['anyOf'])) {
            $failures = [];
            foreach ($schema['anyOf'] as $member) {
                $found = $this->issuesOf($member, $value, $path);
                if ($found === []) {
                    $failures = null;
                    break;
                }
                $failures[] = $found;
            }
            if ($failures !== null) {
                $this->closest($schema['anyOf'], $failures, $value, $path, 'anyOf', 'must match at least one of the allowed shapes');
            }
        }
        if (array_key_exists('not', $schema) && $this->issuesOf($schema['not'], $value, $path) === []) {
            $this->fail($path, 'not', 'is not allowed');
        }
        if (array_key_exists('if', $schema)) {
            $branch = $this->issuesOf($schema['if'], $value, $path) === [] ? 'then' : 'else';
            if (array_key_exists($branch, $schema)) {
                $this->check($schema[$branch], $value, $path);
            }
        }
    }

    /**
     * A value no member takes: one issue for the keyword, then the issues of the member closest
     * to what was sent (the most of its declared fields present, none of those it forbids), as
     * the TypeScript validators choose it (closestAlternative), so the error names the field to fix.
     *
     * @param list<mixed> $members
     * @param list<list<ValidationIssue>> $failures each member's issues, in member order
     * @param list<string|int|null> $path
     */
    private function closest(array $members, array $failures, mixed $value, array $path, string $rule, string $message): void
    {
        $this->fail($path, $rule, $message);
        $best = 0;
        if ($this->isObject($value)) {
            $fields = (array) $value;
            $bestScore = null;
            foreach ($members as $index => $member) {
                [$declared, $forbidden] = $this->branchShape($member);
                $score = count(array_intersect_key($declared, $fields)) - 1000 * count(array_intersect_key($forbidden, $fields));
                if ($bestScore === null || $score > $bestScore) {
                    [$best, $bestScore] = [$index, $score];
                }
            }
        }
        array_push($this->issues, ...($failures[$best] ?? []));
    }

    /**
     * The properties a branch declares and those it forbids (`false`), through $ref and allOf;
     * a nested oneOf/anyOf adds what its alternatives declare.
     *
     * @return array{0: array<string, true>, 1: array<string, true>}
     */
    private function branchShape(mixed $member): array
    {
        static $cache = [];
        $key = serialize($member);
        if (isset($cache[$key])) {
            return $cache[$key];
        }
        $declared = [];
        $forbidden = [];
        $seen = [];
        $visit = function (mixed $node, bool $always) use (&$visit, &$declared, &$forbidden, &$seen): void {
            while (is_array($node) && isset($node['$ref'])) {
                $name = substr((string) $node['$ref'], strlen('#/components/schemas/'));
                if (isset($seen[$name])) {
                    return;
                }
                $seen[$name] = true;
                $node = $this->schemas[$name] ?? null;
            }
            if (!is_array($node)) {
                return;
            }
            foreach ($node['properties'] ?? [] as $name => $property) {
                if ($property !== false) {
                    $declared[$name] = true;
                } elseif ($always) {
                    $forbidden[$name] = true;
                }
            }
            foreach ($node['allOf'] ?? [] as $part) {
                $visit($part, $always);
            }
            foreach ([...($node['oneOf'] ?? []), ...($node['anyOf'] ?? [])] as $part) {
                $visit($part, false);
            }
        };
        $visit($member, true);
        return $cache[$key] = [array_diff_key($declared, $forbidden), $forbidden];
    }

    /** The branch a discriminator's mapping names for the value's tag; null when it names none. */
    private function discriminated(array $schema, mixed $value): mixed
    {
        $property = $schema['discriminator']['propertyName'] ?? null;
        $mapping = $schema['discriminator']['mapping'] ?? null;
        if (!is_string($property) || !is_array($mapping) || !$this->isObject($value)) {
            return null;
        }
        $tag = ((array) $value)[$property] ?? null;
        if (!is_string($tag) || !isset($mapping[$tag])) {
            return null;
        }
        foreach ($schema['oneOf'] as $member) {
            if (($member['$ref'] ?? null) === $mapping[$tag]) {
                return $member;
            }
        }
        return null;
    }

    /** @param list<string|int|null> $path */
    private function string(array $schema, string $value, array $path): void
    {
        // Lengths count code points; the byte length bounds them from above (mb_strlen only when it matters).
        if (isset($schema['minLength']) && (strlen($value) < $schema['minLength'] || mb_strlen($value, 'UTF-8') < $schema['minLength'])) {
            $this->fail($path, 'minLength', "must be at least {$schema['minLength']} characters");
        }
        if (isset($schema['maxLength']) && strlen($value) > $schema['maxLength'] && mb_strlen($value, 'UTF-8') > $schema['maxLength']) {
            $this->fail($path, 'maxLength', "must be at most {$schema['maxLength']} characters");
        }
        if (isset($schema['pattern']) && !self::matchesPattern($schema['pattern'], $value)) {
            $this->fail($path, 'pattern', "must match the pattern {$schema['pattern']}");
        }
        if (isset($schema['format']) && !Formats::check($schema['format'], $value)) {
            $this->fail($path, 'format', "must be a valid {$schema['format']}");
        }
        if (isset($schema['x-decimal-minimum']) && (self::compareDecimal($value, $schema['x-decimal-minimum']) ?? 0) < 0) {
            $this->fail($path, 'x-decimal-minimum', "must be at least {$schema['x-decimal-minimum']}");
        }
        if (isset($schema['x-decimal-maximum']) && (self::compareDecimal($value, $schema['x-decimal-maximum']) ?? 0) > 0) {
            $this->fail($path, 'x-decimal-maximum', "must be at most {$schema['x-decimal-maximum']}");
        }
        if (($schema['x-luhn'] ?? false) === true && !self::luhn($value)) {
            $this->fail($path, 'luhn', 'must be a card number whose check digit is right (Luhn)');
        }
        if (array_key_exists('contentSchema', $schema) && ($schema['contentMediaType'] ?? null) === 'application/json') {
            try {
                $content = json_decode($value, false, 512, JSON_THROW_ON_ERROR);
            } catch (\JsonException) {
                // Never repeat the content or the parser's complaint: wallet tokens are secrets.
                $this->fail($path, 'contentMediaType', 'must be a JSON document');
                return;
            }
            $strict = new self($this->schemas, true);
            $strict->style = $this->style;
            $strict->check($schema['contentSchema'], $content, [...$path, null]);
            array_push($this->issues, ...$strict->issues);
        }
    }

    /** The spec's patterns are ECMAScript with the `u` flag; the ones it uses read the same in PCRE with /u and D (no `$` before a final newline). */
    private static function matchesPattern(string $pattern, string $value): bool
    {
        static $compiled = [];
        $regex = $compiled[$pattern] ??= '/' . str_replace('/', '\/', $pattern) . '/uD';
        return preg_match($regex, $value) === 1;
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
        if (!preg_match('/^[0-9]*$/D', $value)) {
            return true;
        }
        $sum = 0;
        $double = false;
        for ($i = strlen($value) - 1; $i >= 0; $i--) {
            $digit = (int) $value[$i];
            if ($double) {
                $digit *= 2;
                $digit = $digit > 9 ? $digit - 9 : $digit;
            }
            $sum += $digit;
            $double = !$double;
        }
        return $sum % 10 === 0;
    }

    /** @param list<string|int|null> $path */
    private function number(array $schema, int|float $value, array $path): void
    {
        if (isset($schema['minimum']) && $value < $schema['minimum']) {
            $this->fail($path, 'minimum', "must be at least {$schema['minimum']}");
        }
        if (isset($schema['maximum']) && $value > $schema['maximum']) {
            $this->fail($path, 'maximum', "must be at most {$schema['maximum']}");
        }
        if (isset($schema['exclusiveMinimum']) && $value <= $schema['exclusiveMinimum']) {
            $this->fail($path, 'exclusiveMinimum', "must be more than {$schema['exclusiveMinimum']}");
        }
        if (isset($schema['exclusiveMaximum']) && $value >= $schema['exclusiveMaximum']) {
            $this->fail($path, 'exclusiveMaximum', "must be less than {$schema['exclusiveMaximum']}");
        }
        if (isset($schema['multipleOf']) && fmod((float) $value, (float) $schema['multipleOf']) != 0.0) {
            $this->fail($path, 'multipleOf', "must be a multiple of {$schema['multipleOf']}");
        }
    }

    /**
     * @param array<array-key, mixed> $value
     * @param list<string|int|null> $path
     */
    private function object(array $schema, array $value, array $path): void
    {
        foreach ($schema['required'] ?? [] as $name) {
            if (!array_key_exists($name, $value)) {
                $this->fail([...$path, $name], 'required', 'is required');
            }
        }
        foreach ($schema['dependentRequired'] ?? [] as $name => $needs) {
            if (array_key_exists($name, $value)) {
                foreach ($needs as $needed) {
                    if (!array_key_exists($needed, $value)) {
                        $this->fail([...$path, $needed], 'dependentRequired', "is required when {$name} is sent");
                    }
                }
            }
        }
        $count = count($value);
        if (isset($schema['minProperties']) && $count < $schema['minProperties']) {
            $this->fail($path, 'minProperties', "must have at least {$schema['minProperties']} fields");
        }
        if (isset($schema['maxProperties']) && $count > $schema['maxProperties']) {
            $this->fail($path, 'maxProperties', "must have at most {$schema['maxProperties']} fields");
        }
        $properties = $schema['properties'] ?? [];
        $patterns = $schema['patternProperties'] ?? [];
        foreach ($value as $key => $child) {
            $key = (string) $key;
            $known = array_key_exists($key, $properties);
            if ($known) {
                $this->check($properties[$key], $child, [...$path, $key]);
            }
            foreach ($patterns as $pattern => $patternSchema) {
                if (self::matchesPattern((string) $pattern, $key)) {
                    $known = true;
                    $this->check($patternSchema, $child, [...$path, $key]);
                }
            }
            if (!$known && array_key_exists('additionalProperties', $schema)) {
                if ($schema['additionalProperties'] === false) {
                    $this->fail([...$path, $key], 'additionalProperties', 'is not a field of this object');
                } else {
                    $this->check($schema['additionalProperties'], $child, [...$path, $key]);
                }
            }
            if (isset($schema['propertyNames'])) {
                $this->check($schema['propertyNames'], $key, [...$path, $key]);
            }
        }
        foreach ($schema['dependentSchemas'] ?? [] as $name => $dependent) {
            if (array_key_exists($name, $value)) {
                $this->check($dependent, $value, $path);
            }
        }
    }

    /**
     * @param list<mixed> $value
     * @param list<string|int|null> $path
     */
    private function list(array $schema, array $value, array $path): void
    {
        $count = count($value);
        if (isset($schema['minItems']) && $count < $schema['minItems']) {
            $this->fail($path, 'minItems', "must have at least {$schema['minItems']} items");
        }
        if (isset($schema['maxItems']) && $count > $schema['maxItems']) {
            $this->fail($path, 'maxItems', "must have at most {$schema['maxItems']} items");
        }
        if (($schema['uniqueItems'] ?? false) === true) {
            for ($i = 0; $i < $count; $i++) {
                for ($j = $i + 1; $j < $count; $j++) {
                    if (self::equal($value[$i], $value[$j])) {
                        $this->fail([...$path, $j], 'uniqueItems', "repeats item {$i}");
                        break 2;
                    }
                }
            }
        }
        $prefix = $schema['prefixItems'] ?? [];
        foreach ($value as $index => $item) {
            if (isset($prefix[$index])) {
                $this->check($prefix[$index], $item, [...$path, $index]);
            } elseif (array_key_exists('items', $schema)) {
                $this->check($schema['items'], $item, [...$path, $index]);
            }
        }
    }
}
