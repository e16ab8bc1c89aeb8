<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient;

use PaymentGateway\MerchantClient\Exception\FormCodecException;

use function count, is_array, is_bool, is_float, is_int, is_object, is_string;

/**
 * Bracket-notation form codec for S2S bodies and callbacks, the PHP side of
 * templates/runtime/form-codec.ts and byte for byte the same text:
 *   ['parameters' => ['cart' => ['items' => [['name' => 'Tea']]]]]  <->  parameters[cart][items][0][name]=Tea
 *
 * It is http_build_query / parse_str with the decisions the TypeScript codec documents: null is
 * left out, true/false are `true`/`false` (http_build_query writes 1/0), lists are indexed from
 * 0, a key with a bracket is refused, `*` is not escaped (URLSearchParams leaves it), and
 * decoding keeps top-level names as sent (parse_str turns `.` and spaces into `_`, which would
 * change a field the hash covers) and makes a repeated key a list (parse_str keeps the last).
 */
final class FormCodec
{
    /** A safety cap, not a platform rule: most nesting levels, both ways. */
    public const MAX_DEPTH = 64;
    /** A safety cap: most `name=value` pairs a decoded body may hold. */
    public const MAX_PAIRS = 10000;

    /**
     * The body as URLSearchParams writes it: http_build_query (C, fast) over the tree with the
     * codec's spellings of booleans and floats, then `*` unescaped. A key with a bracket, or a
     * tree deeper than MAX_DEPTH, is refused first.
     *
     * @param array<array-key, mixed> $fields
     */
    public static function encode(array $fields): string
    {
        $plain = self::plain($fields, 1);
        // An encoded `*` is always %2A; a literal "%2A" in a value is written %252A and stays.
        return str_replace('%2A', '*', http_build_query($plain, '', '&', PHP_QUERY_RFC1738));
    }

    /**
     * The tree with true/false as `true`/`false` and floats as JavaScript writes them; keys checked.
     *
     * @param array<array-key, mixed> $node
     * @return array<array-key, mixed>
     */
    private static function plain(array|object $node, int $depth): array
    {
        if ($depth > self::MAX_DEPTH) {
            throw new FormCodecException(sprintf('A form field nests deeper than %d levels (a safety cap)', self::MAX_DEPTH));
        }
        $node = (array) $node;
        // One scan of all the keys in C; key by key (to name the one) only when it finds a bracket.
        $keys = implode('', array_keys($node));
        $keysPlain = !str_contains($keys, '[') && !str_contains($keys, ']');
        foreach ($node as $key => $value) {
            if (!$keysPlain && is_string($key) && strpbrk($key, '[]') !== false) {
                self::checkKey($key);
            }
            // Strings, most of a body, pass as they are: the one test first.
            if (is_string($value) || is_int($value) || $value === null) {
                continue;
            }
            if (is_array($value)) {
                // Written back only when changed (the same array otherwise): no copy of this level.
                $plain = self::plain($value, $depth + 1);
                if ($plain !== $value) {
                    $node[$key] = $plain;
                }
            } elseif (is_object($value)) {
                $node[$key] = self::plain($value, $depth + 1);
            } else {
                $node[$key] = self::text($value);
            }
        }
        return $node;
    }

    /**
     * The reference encoder, pair by pair (kept to check the fast one against).
     *
     * @param array<array-key, mixed> $fields
     */
    public static function encodePairs(array $fields): string
    {
        $pairs = [];
        foreach ($fields as $key => $value) {
            self::append($pairs, self::encodeComponent(self::checkKey((string) $key)), $value, 1);
        }
        return implode('&', $pairs);
    }

    /** @param list<string> $pairs */
    private static function append(array &$pairs, string $prefix, mixed $value, int $depth): void
    {
        if ($value === null) {
            return;
        }
        if (is_array($value) || is_object($value)) {
            if ($depth > self::MAX_DEPTH) {
                throw new FormCodecException(sprintf('Form field %s nests deeper than %d levels (a safety cap)', substr(urldecode($prefix), 0, 60), self::MAX_DEPTH));
            }
            foreach ((array) $value as $key => $child) {
                self::append($pairs, $prefix . '%5B' . self::encodeComponent(self::checkKey((string) $key)) . '%5D', $child, $depth + 1);
            }
            return;
        }
        $pairs[] = $prefix . '=' . self::encodeComponent(self::text($value));
    }

    /** One name or value percent-encoded as URLSearchParams writes it: urlencode, with `*` kept. */
    public static function encodeComponent(string $text): string
    {
        return str_replace('%2A', '*', urlencode($text));
    }

    private static function checkKey(string $key): string
    {
        if (str_contains($key, '[') || str_contains($key, ']')) {
            throw new FormCodecException(sprintf('Form key "%s" contains a bracket, which bracket notation cannot carry', $key));
        }
        return $key;
    }

    private static function text(mixed $value): string
    {
        if (is_bool($value)) {
            return $value ? 'true' : 'false';
        }
        if (is_float($value)) {
            return self::numberText($value);
        }
        if (!is_scalar($value)) {
            throw new FormCodecException('A form value must be a string, number, boolean, list or array');
        }
        return (string) $value;
    }

    /** A float as JavaScript's String() writes it for the usual amounts (`10`, `10.5`). */
    public static function numberText(float $value): string
    {
        if (floor($value) === $value && abs($value) < 1e21) {
            return sprintf('%.0f', $value);
        }
        return (string) json_encode($value);
    }

    /**
     * Decodes a form body into nested arrays of strings. A key whose children are all indexes
     * (`0`, `1`, ...) becomes a list; `__proto__`, `constructor`, `prototype` segments are
     * dropped as the TypeScript codec drops them, so both read the same tree.
     *
     * @return array<array-key, mixed>
     */
    public static function decode(string $body): array
    {
        $root = [];
        $pairs = 0;
        $start = str_starts_with($body, '?') ? 1 : 0;
        foreach (explode('&', substr($body, $start)) as $pair) {
            if ($pair === '') {
                continue;
            }
            if (++$pairs > self::MAX_PAIRS) {
                throw new FormCodecException(sprintf('The form body has more than %d fields (a safety cap)', self::MAX_PAIRS));
            }
            $equals = strpos($pair, '=');
            $segments = self::splitKey(self::decodeComponent($equals === false ? $pair : substr($pair, 0, $equals)));
            if ($segments === null) {
                continue;
            }
            if (count($segments) > self::MAX_DEPTH + 1) {
                throw new FormCodecException(sprintf('Form field %s nests deeper than %d levels (a safety cap)', $segments[0], self::MAX_DEPTH));
            }
            self::assign($root, $segments, $equals === false ? '' : self::decodeComponent(substr($pair, $equals + 1)));
        }
        return self::finish($root);
    }

    private static function decodeComponent(string $raw): string
    {
        $text = urldecode($raw);
        // A body that is not UTF-8 is read as UTF-8 is by the TypeScript codec: bad bytes become U+FFFD.
        return mb_check_encoding($text, 'UTF-8') ? $text : mb_scrub($text, 'UTF-8');
    }

    /** @return list<string>|null */
    private static function splitKey(string $key): ?array
    {
        $unsafe = ['__proto__' => true, 'constructor' => true, 'prototype' => true];
        $open = strpos($key, '[');
        if ($open === false || $open === 0) {
            return $key === '' || isset($unsafe[$key]) ? null : [$key];
        }
        if (!preg_match('/^([^\[]+)((?:\[[^\[\]]*\])+)$/', $key, $match)) {
            return isset($unsafe[$key]) ? null : [$key];
        }
        preg_match_all('/\[([^\[\]]*)\]/', $match[2], $parts);
        $segments = [$match[1], ...$parts[1]];
        foreach ($segments as $segment) {
            if (isset($unsafe[$segment])) {
                return null;
            }
        }
        return $segments;
    }

    /**
     * While building, a node is an array of "k"-prefixed keys (so `0` and `'0'` stay one key
     * and PHP does not renumber), and a repeated name's values are a Repeated list.
     *
     * @param array<string, mixed> $node
     * @param list<string> $segments
     */
    private static function assign(array &$node, array $segments, string $value): void
    {
        $last = count($segments) - 1;
        $at = &$node;
        for ($i = 0; $i < $last; $i++) {
            $key = "k{$segments[$i]}";
            if (!isset($at[$key]) || !is_array($at[$key])) {
                $at[$key] = [];
            }
            $at = &$at[$key];
        }
        $key = "k{$segments[$last]}";
        $existing = $at[$key] ?? null;
        if ($existing === null) {
            $at[$key] = $value;
        } elseif ($existing instanceof \stdClass) {
            $existing->values[] = $value;
        } else {
            $repeated = new \stdClass();
            $repeated->values = [$existing, $value];
            $at[$key] = $repeated;
        }
    }

    /**
     * @param array<string, mixed> $node
     * @return array<array-key, mixed>
     */
    private static function finish(array $node): array
    {
        $out = [];
        $indexed = $node !== [];
        foreach ($node as $prefixed => $child) {
            $key = substr((string) $prefixed, 1);
            if ($indexed && !preg_match('/^(?:0|[1-9][0-9]{0,8})$/', $key)) {
                $indexed = false;
            }
            $out[$key] = self::finishValue($child);
        }
        if ($indexed) {
            ksort($out, SORT_NUMERIC);
            return array_values($out);
        }
        return $out;
    }

    private static function finishValue(mixed $value): mixed
    {
        if ($value instanceof \stdClass) {
            return array_map(self::finishValue(...), $value->values);
        }
        return is_array($value) ? self::finish($value) : $value;
    }
}
