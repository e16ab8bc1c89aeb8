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
 * holds it to the TypeScript validators' verdicts on every example and mutation. Each schema is
 * compiled once per process into closures of the keywords it has (one definition per keyword,
 * as ajv does), so a check costs only what its schema asks.
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
    /** @var array<string, \Closure(mixed, list<string|int|null>): void> each named schema, compiled on first use */
    private array $compiled = [];
    private string $style = 'json';
    /** @var array<string, true> named schemas being compiled: a reference to one is followed when a value reaches it */
    private array $compiling = [];
    /**
     * Set while only a verdict is wanted (`not`, `if`, a oneOf/anyOf member's first try): a
     * failure is recorded without its wire path or words, and a schema stops at its first one.
     */
    private bool $probing = false;
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
        $this->named($schemaName)($value, []);
        return $this->issues;
    }

    /**
     * The issues $value has against a compiled schema, collected apart from the current ones.
     *
     * @param \Closure(mixed, list<string|int|null>): void $compiled
     * @param list<string|int|null> $path
     * @return list<ValidationIssue>
     */
    private function issuesOf(\Closure $compiled, mixed $value, array $path, bool $probing = false): array
    {
        $saved = $this->issues;
        $wasProbing = $this->probing;
        $this->issues = [];
        $this->probing = $probing;
        $compiled($value, $path);
        $found = $this->issues;
        $this->issues = $saved;
        $this->probing = $wasProbing;
        return $found;
    }

    /**
     * Whether $value passes a compiled schema, found cheaply: failures are not described and
     * each schema stops at its first. The issues, when wanted, come from issuesOf.
     *
     * @param \Closure(mixed, list<string|int|null>): void $compiled
     * @param list<string|int|null> $path
     */
    private function passes(\Closure $compiled, mixed $value, array $path): bool
    {
        return $this->issuesOf($compiled, $value, $path, true) === [];
    }

    /** @param list<string|int|null> $path */
    private function fail(array $path, string $rule, string $message): void
    {
        $this->issues[] = $this->probing ? self::probeFailure() : new ValidationIssue(self::wirePath($this->style, $path), $rule, $message);
    }

    /** The one undescribed failure a probe records. */
    private static function probeFailure(): ValidationIssue
    {
        static $failure = null;
        return $failure ??= new ValidationIssue('', 'probe', 'fails');
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

    /** @return \Closure(mixed, list<string|int|null>): void */
    private function named(string $name): \Closure
    {
        if (isset($this->compiled[$name])) {
            return $this->compiled[$name];
        }
        $this->compiling[$name] = true;
        $compiled = $this->compile($this->schemas[$name] ?? true);
        unset($this->compiling[$name]);
        return $this->compiled[$name] = $compiled;
    }

    /**
     * A schema as one closure over the closures of its keywords.
     *
     * @return \Closure(mixed, list<string|int|null>): void
     */
    private function compile(mixed $schema): \Closure
    {
        if ($schema === false) {
            return fn (mixed $value, array $path) => $this->fail($path, 'false', 'is not allowed here');
        }
        if ($schema === true || $schema === [] || !is_array($schema)) {
            return static function (): void {
            };
        }
        $ref = isset($schema['$ref']) ? substr((string) $schema['$ref'], strlen('#/components/schemas/')) : null;
        if ($ref !== null && count($schema) === 1 && !isset($this->compiling[$ref])) {
            // A bare reference is the referenced schema's own closure (a schema may refer to itself: then followed later).
            return $this->named($ref);
        }
        $refCheck = null;
        $types = isset($schema['type']) ? (array) $schema['type'] : null;
        $typeMessage = $types === null ? '' : 'must be ' . implode(' or ', array_map(static fn (string $type): string => in_array($type[0], ['a', 'i', 'o'], true) ? "an {$type}" : "a {$type}", $types));
        $general = [...$this->valueKeywords($schema), ...$this->combinatorKeywords($schema)];
        $string = $this->stringKeywords($schema);
        $number = $this->numberKeywords($schema);
        $object = $this->objectKeywords($schema);
        $list = $this->listKeywords($schema);
        if ($ref === null && $types === ['string'] && $general === [] && $string !== []) {
            // A string field (most of a request): its type and string keywords, nothing else to look at.
            return function (mixed $value, array $path) use ($typeMessage, $string): void {
                if (!is_string($value)) {
                    $this->fail($path, 'type', $typeMessage);
                    return;
                }
                foreach ($string as $keyword) {
                    $keyword($value, $path);
                }
            };
        }
        return function (mixed $value, array $path) use ($ref, &$refCheck, $types, $typeMessage, $general, $string, $number, $object, $list): void {
            if ($ref !== null) {
                ($refCheck ??= $this->named($ref))($value, $path);
            }
            if ($types !== null && !$this->hasType($value, $types)) {
                $this->fail($path, 'type', $typeMessage);
                return;
            }
            foreach ($general as $keyword) {
                $keyword($value, $path);
                if ($this->probing && $this->issues !== []) {
                    return;
                }
            }
            if (is_string($value)) {
                foreach ($string as $keyword) {
                    $keyword($value, $path);
                }
            } elseif (is_int($value) || is_float($value)) {
                foreach ($number as $keyword) {
                    $keyword($value, $path);
                }
            } elseif ($object !== [] && $this->isObject($value)) {
                $fields = (array) $value;
                foreach ($object as $keyword) {
                    $keyword($fields, $path);
                    if ($this->probing && $this->issues !== []) {
                        return;
                    }
                }
            } elseif ($list !== [] && $this->isList($value)) {
                foreach ($list as $keyword) {
                    $keyword($value, $path);
                }
            }
        };
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

    /** @param list<string> $types */
    private function hasType(mixed $value, array $types): bool
    {
        foreach ($types as $type) {
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

    /** @return list<\Closure> */
    private function valueKeywords(array $schema): array
    {
        $keywords = [];
        if (array_key_exists('const', $schema)) {
            $const = $schema['const'];
            $message = is_scalar($const) ? 'must be ' . var_export($const, true) : 'must be the constant value';
            $keywords[] = function (mixed $value, array $path) use ($const, $message): void {
                if (!self::equal($const, $value)) {
                    $this->fail($path, 'const', $message);
                }
            };
        }
        if (isset($schema['enum']) && is_array($schema['enum'])) {
            $enum = $schema['enum'];
            $message = 'must be one of ' . implode(', ', array_map(static fn (mixed $item): string => is_scalar($item) ? (string) $item : 'a listed value', $enum));
            $keywords[] = function (mixed $value, array $path) use ($enum, $message): void {
                foreach ($enum as $allowed) {
                    if (self::equal($allowed, $value)) {
                        return;
                    }
                }
                $this->fail($path, 'enum', $message);
            };
        }
        return $keywords;
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

    /** @return list<\Closure> */
    private function combinatorKeywords(array $schema): array
    {
        $keywords = [];
        foreach ($schema['allOf'] ?? [] as $member) {
            $keywords[] = $this->compile($member);
        }
        if (isset($schema['oneOf'])) {
            $raw = $schema['oneOf'];
            $members = array_map($this->compile(...), $raw);
            $branches = $this->discriminatorBranches($schema, $raw, $members);
            $property = $schema['discriminator']['propertyName'] ?? null;
            $keywords[] = function (mixed $value, array $path) use ($raw, $members, $branches, $property): void {
                // The discriminator names the one branch the value can match (each branch's tag is a
                // const): checking that branch alone gives the oneOf verdict, with that branch's issues.
                if ($branches !== [] && $this->isObject($value)) {
                    $tag = ((array) $value)[$property] ?? null;
                    if (is_string($tag) && isset($branches[$tag])) {
                        $branches[$tag]($value, $path);
                        return;
                    }
                }
                $matched = 0;
                foreach ($members as $member) {
                    $matched += $this->passes($member, $value, $path) ? 1 : 0;
                }
                if ($matched === 0) {
                    $this->closest($raw, $members, $value, $path, 'oneOf', 'must match exactly one of the allowed shapes');
                } elseif ($matched > 1) {
                    $this->fail($path, 'oneOf', 'matches more than one of the shapes that exclude each other');
                }
            };
        }
        if (isset($schema['anyOf'])) {
            $raw = $schema['anyOf'];
            $members = array_map($this->compile(...), $raw);
            $keywords[] = function (mixed $value, array $path) use ($raw, $members): void {
                foreach ($members as $member) {
                    if ($this->passes($member, $value, $path)) {
                        return;
                    }
                }
                $this->closest($raw, $members, $value, $path, 'anyOf', 'must match at least one of the allowed shapes');
            };
        }
        if (array_key_exists('not', $schema)) {
            $not = $this->compile($schema['not']);
            $keywords[] = function (mixed $value, array $path) use ($not): void {
                if ($this->passes($not, $value, $path)) {
                    $this->fail($path, 'not', 'is not allowed');
                }
            };
        }
        if (array_key_exists('if', $schema)) {
            $if = $this->compile($schema['if']);
            $then = array_key_exists('then', $schema) ? $this->compile($schema['then']) : null;
            $else = array_key_exists('else', $schema) ? $this->compile($schema['else']) : null;
            $keywords[] = function (mixed $value, array $path) use ($if, $then, $else): void {
                $branch = $this->passes($if, $value, $path) ? $then : $else;
                if ($branch !== null) {
                    $branch($value, $path);
                }
            };
        }
        return $keywords;
    }

    /**
     * The compiled branch each discriminator tag maps to; empty without a discriminator mapping.
     *
     * @param list<mixed> $raw
     * @param list<\Closure> $members
     * @return array<string, \Closure>
     */
    private function discriminatorBranches(array $schema, array $raw, array $members): array
    {
        $mapping = $schema['discriminator']['mapping'] ?? null;
        if (!is_string($schema['discriminator']['propertyName'] ?? null) || !is_array($mapping)) {
            return [];
        }
        $branches = [];
        foreach ($mapping as $tag => $target) {
            foreach ($raw as $index => $member) {
                if (($member['$ref'] ?? null) === $target) {
                    $branches[(string) $tag] = $members[$index];
                }
            }
        }
        return $branches;
    }

    /**
     * A value no member takes: one issue for the keyword, then the issues of the member closest
     * to what was sent (the most of its declared fields present, none of those it forbids), as
     * the TypeScript validators choose it (closestAlternative), so the error names the field to fix.
     *
     * @param list<mixed> $members
     * @param list<\Closure> $compiled the members compiled, whose issues are collected only here
     * @param list<string|int|null> $path
     */
    private function closest(array $members, array $compiled, mixed $value, array $path, string $rule, string $message): void
    {
        $this->fail($path, $rule, $message);
        if ($this->probing) {
            return;
        }
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
        array_push($this->issues, ...$this->issuesOf($compiled[$best], $value, $path));
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

    /** @return list<\Closure> */
    private function stringKeywords(array $schema): array
    {
        $keywords = [];
        if (isset($schema['minLength'])) {
            $min = (int) $schema['minLength'];
            // Lengths count code points; the byte length bounds them from above (mb_strlen only when it matters).
            $keywords[] = function (string $value, array $path) use ($min): void {
                if (strlen($value) < $min || mb_strlen($value, 'UTF-8') < $min) {
                    $this->fail($path, 'minLength', "must be at least {$min} characters");
                }
            };
        }
        if (isset($schema['maxLength'])) {
            $max = (int) $schema['maxLength'];
            $keywords[] = function (string $value, array $path) use ($max): void {
                if (strlen($value) > $max && mb_strlen($value, 'UTF-8') > $max) {
                    $this->fail($path, 'maxLength', "must be at most {$max} characters");
                }
            };
        }
        if (isset($schema['pattern'])) {
            $pattern = (string) $schema['pattern'];
            $regex = self::regex($pattern);
            $keywords[] = function (string $value, array $path) use ($pattern, $regex): void {
                if (preg_match($regex, $value) !== 1) {
                    $this->fail($path, 'pattern', "must match the pattern {$pattern}");
                }
            };
        }
        if (isset($schema['format'])) {
            $format = (string) $schema['format'];
            $keywords[] = function (string $value, array $path) use ($format): void {
                if (!Formats::check($format, $value)) {
                    $this->fail($path, 'format', "must be a valid {$format}");
                }
            };
        }
        foreach (['x-decimal-minimum' => [-1, 'at least'], 'x-decimal-maximum' => [1, 'at most']] as $keyword => [$failsWhen, $words]) {
            if (isset($schema[$keyword])) {
                $limit = (string) $schema[$keyword];
                $keywords[] = function (string $value, array $path) use ($keyword, $limit, $failsWhen, $words): void {
                    $compared = self::compareDecimal($value, $limit);
                    if ($compared !== null && $compared === $failsWhen) {
                        $this->fail($path, $keyword, "must be {$words} {$limit}");
                    }
                };
            }
        }
        if (($schema['x-luhn'] ?? false) === true) {
            $keywords[] = function (string $value, array $path): void {
                if (!self::luhn($value)) {
                    $this->fail($path, 'luhn', 'must be a card number whose check digit is right (Luhn)');
                }
            };
        }
        if (array_key_exists('contentSchema', $schema) && ($schema['contentMediaType'] ?? null) === 'application/json') {
            $contentSchema = $schema['contentSchema'];
            $keywords[] = function (string $value, array $path) use ($contentSchema): void {
                try {
                    $content = json_decode($value, false, 512, JSON_THROW_ON_ERROR);
                } catch (\JsonException) {
                    // Never repeat the content or the parser's complaint: wallet tokens are secrets.
                    $this->fail($path, 'contentMediaType', 'must be a JSON document');
                    return;
                }
                // JSON content keeps `{}` apart from `[]`: a strict validator reads it.
                $strict = new self($this->schemas, true);
                $strict->style = $this->style;
                $strict->compile($contentSchema)($content, [...$path, null]);
                array_push($this->issues, ...$strict->issues);
            };
        }
        return $keywords;
    }

    /** The spec's patterns are ECMAScript with the `u` flag; the ones it uses read the same in PCRE with /u and D (no `$` before a final newline). */
    private static function regex(string $pattern): string
    {
        return '/' . str_replace('/', '\/', $pattern) . '/uD';
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

    /** @return list<\Closure> */
    private function numberKeywords(array $schema): array
    {
        $keywords = [];
        $bounds = [
            'minimum' => [static fn ($value, $limit): bool => $value < $limit, 'must be at least'],
            'maximum' => [static fn ($value, $limit): bool => $value > $limit, 'must be at most'],
            'exclusiveMinimum' => [static fn ($value, $limit): bool => $value <= $limit, 'must be more than'],
            'exclusiveMaximum' => [static fn ($value, $limit): bool => $value >= $limit, 'must be less than'],
        ];
        foreach ($bounds as $keyword => [$fails, $words]) {
            if (isset($schema[$keyword])) {
                $limit = $schema[$keyword];
                $keywords[] = function (int|float $value, array $path) use ($keyword, $limit, $fails, $words): void {
                    if ($fails($value, $limit)) {
                        $this->fail($path, $keyword, "{$words} {$limit}");
                    }
                };
            }
        }
        if (isset($schema['multipleOf'])) {
            $step = (float) $schema['multipleOf'];
            $keywords[] = function (int|float $value, array $path) use ($step): void {
                if (fmod((float) $value, $step) != 0.0) {
                    $this->fail($path, 'multipleOf', "must be a multiple of {$step}");
                }
            };
        }
        return $keywords;
    }

    /** @return list<\Closure> */
    private function objectKeywords(array $schema): array
    {
        $keywords = [];
        if (isset($schema['required'])) {
            $required = $schema['required'];
            $keywords[] = function (array $value, array $path) use ($required): void {
                foreach ($required as $name) {
                    if (!array_key_exists($name, $value)) {
                        $this->fail([...$path, $name], 'required', 'is required');
                    }
                }
            };
        }
        if (isset($schema['dependentRequired'])) {
            $dependent = $schema['dependentRequired'];
            $keywords[] = function (array $value, array $path) use ($dependent): void {
                foreach ($dependent as $name => $needs) {
                    if (array_key_exists($name, $value)) {
                        foreach ($needs as $needed) {
                            if (!array_key_exists($needed, $value)) {
                                $this->fail([...$path, $needed], 'dependentRequired', "is required when {$name} is sent");
                            }
                        }
                    }
                }
            };
        }
        foreach (['minProperties' => [-1, 'at least'], 'maxProperties' => [1, 'at most']] as $keyword => [$side, $words]) {
            if (isset($schema[$keyword])) {
                $limit = (int) $schema[$keyword];
                $keywords[] = function (array $value, array $path) use ($keyword, $limit, $side, $words): void {
                    if ((count($value) <=> $limit) === $side) {
                        $this->fail($path, $keyword, "must have {$words} {$limit} fields");
                    }
                };
            }
        }
        $properties = array_map($this->compile(...), $schema['properties'] ?? []);
        $patterns = [];
        foreach ($schema['patternProperties'] ?? [] as $pattern => $patternSchema) {
            $patterns[self::regex((string) $pattern)] = $this->compile($patternSchema);
        }
        $additional = array_key_exists('additionalProperties', $schema) ? $schema['additionalProperties'] : null;
        $additionalCheck = $additional === null || $additional === false ? null : $this->compile($additional);
        $names = isset($schema['propertyNames']) ? $this->compile($schema['propertyNames']) : null;
        if ($properties !== [] && $patterns === [] && $additional === null && $names === null) {
            // Only declared fields are checked: looked up by name, not found among every field sent.
            $keywords[] = static function (array $value, array $path) use ($properties): void {
                foreach ($properties as $key => $check) {
                    if (array_key_exists($key, $value)) {
                        $check($value[$key], [...$path, (string) $key]);
                    }
                }
            };
        } elseif ($properties !== [] || $patterns !== [] || $additional !== null || $names !== null) {
            $keywords[] = function (array $value, array $path) use ($properties, $patterns, $additional, $additionalCheck, $names): void {
                foreach ($value as $key => $child) {
                    $key = (string) $key;
                    $known = isset($properties[$key]);
                    if ($known) {
                        $properties[$key]($child, [...$path, $key]);
                    }
                    foreach ($patterns as $regex => $check) {
                        if (preg_match($regex, $key) === 1) {
                            $known = true;
                            $check($child, [...$path, $key]);
                        }
                    }
                    if (!$known && $additional === false) {
                        $this->fail([...$path, $key], 'additionalProperties', 'is not a field of this object');
                    } elseif (!$known && $additionalCheck !== null) {
                        $additionalCheck($child, [...$path, $key]);
                    }
                    if ($names !== null) {
                        $names($key, [...$path, $key]);
                    }
                }
            };
        }
        if (isset($schema['dependentSchemas'])) {
            $dependentSchemas = array_map($this->compile(...), $schema['dependentSchemas']);
            $keywords[] = function (array $value, array $path) use ($dependentSchemas): void {
                foreach ($dependentSchemas as $name => $dependent) {
                    if (array_key_exists($name, $value)) {
                        $dependent($value, $path);
                    }
                }
            };
        }
        return $keywords;
    }

    /** @return list<\Closure> */
    private function listKeywords(array $schema): array
    {
        $keywords = [];
        foreach (['minItems' => [-1, 'at least'], 'maxItems' => [1, 'at most']] as $keyword => [$side, $words]) {
            if (isset($schema[$keyword])) {
                $limit = (int) $schema[$keyword];
                $keywords[] = function (array $value, array $path) use ($keyword, $limit, $side, $words): void {
                    if ((count($value) <=> $limit) === $side) {
                        $this->fail($path, $keyword, "must have {$words} {$limit} items");
                    }
                };
            }
        }
        if (($schema['uniqueItems'] ?? false) === true) {
            $keywords[] = function (array $value, array $path): void {
                $count = count($value);
                for ($i = 0; $i < $count; $i++) {
                    for ($j = $i + 1; $j < $count; $j++) {
                        if (self::equal($value[$i], $value[$j])) {
                            $this->fail([...$path, $j], 'uniqueItems', "repeats item {$i}");
                            return;
                        }
                    }
                }
            };
        }
        $prefix = array_map($this->compile(...), $schema['prefixItems'] ?? []);
        $items = array_key_exists('items', $schema) ? $this->compile($schema['items']) : null;
        if ($prefix !== [] || $items !== null) {
            $keywords[] = function (array $value, array $path) use ($prefix, $items): void {
                foreach ($value as $index => $item) {
                    if (isset($prefix[$index])) {
                        $prefix[$index]($item, [...$path, $index]);
                    } elseif ($items !== null) {
                        $items($item, [...$path, $index]);
                    }
                }
            };
        }
        return $keywords;
    }
}
