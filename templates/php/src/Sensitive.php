<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient;

use PaymentGateway\MerchantClient\Generated\SensitiveFields;

/**
 * Card data never leaves the process in readable form: every exception message and log line goes
 * through these helpers (templates/runtime/sensitive.ts, the same rules). Which fields are
 * sensitive comes from the spec (`x-sensitive`, the generated SensitiveFields table).
 */
final class Sensitive
{
    public const REDACTED = '[redacted]';
    /** Secrets this long are replaced anywhere in free text; shorter ones only where they stand as a field's value. */
    public const LONG_SECRET_LENGTH = 8;
    private const PAN_LIKE = '/(?<![0-9])[0-9](?:[ -]?[0-9]){11,18}(?![0-9])/';

    /** A PAN as first 6 + last 4 digits; anything too short to mask safely is fully hidden. */
    public static function maskPan(mixed $pan): string
    {
        if (!is_string($pan)) {
            return self::REDACTED;
        }
        $digits = (string) preg_replace('/\s+/', '', $pan);
        $length = strlen($digits);
        if ($length < 13) {
            return self::REDACTED;
        }
        return substr($digits, 0, 6) . str_repeat('*', $length - 10) . substr($digits, -4);
    }

    /**
     * A deep copy with every sensitive field masked, for logs and error details.
     *
     * @param array<string, string> $fields
     */
    public static function redact(mixed $value, array $fields = SensitiveFields::FIELDS): mixed
    {
        if (!is_array($value)) {
            return $value;
        }
        $copy = [];
        foreach ($value as $key => $child) {
            $sensitivity = is_string($key) ? ($fields[$key] ?? null) : null;
            if ($sensitivity === null) {
                $copy[$key] = self::redact($child, $fields);
            } elseif ($child === null || $child === '') {
                $copy[$key] = $child;
            } else {
                $copy[$key] = $sensitivity === 'pan' && is_string($child) ? self::maskPan($child) : self::REDACTED;
            }
        }
        return $copy;
    }

    /**
     * Removes card data from free text: every PAN-like digit run is masked, every long secret is
     * replaced wherever it appears, a short one where it is a field's value (`card_cvv2=100`).
     *
     * @param list<string> $secrets
     */
    public static function scrubText(string $text, array $secrets = []): string
    {
        $short = [];
        foreach ($secrets as $secret) {
            if (strlen($secret) >= self::LONG_SECRET_LENGTH) {
                $text = str_replace($secret, self::REDACTED, $text);
            } elseif ($secret !== '') {
                $short[] = preg_quote($secret, '/');
            }
        }
        if ($short !== []) {
            $key = '(?:[A-Za-z0-9_\]]|%5D|%5d)(?:["\']|%22|%27)?';
            $separator = '[ \t]*(?:=|:|%3D|%3d|%3A|%3a)[ \t]*(?:["\']|%22|%27)?';
            $text = (string) preg_replace('/(' . $key . $separator . ')(?:' . implode('|', $short) . ')(?![A-Za-z0-9._~+-])/', '$1' . self::REDACTED, $text);
        }
        return (string) preg_replace_callback(self::PAN_LIKE, static fn (array $match): string => self::maskPan(str_replace([' ', '-'], '', $match[0])), $text);
    }

    /**
     * The sensitive values present in a request, with the long string leaves of a secret that is
     * JSON (a wallet token), so that free text can be scrubbed of them.
     *
     * @param array<string, string> $fields
     * @param list<string> $found
     * @return list<string>
     */
    public static function secretValues(mixed $value, array $fields = SensitiveFields::FIELDS, array $found = []): array
    {
        if (!is_array($value)) {
            return $found;
        }
        foreach ($value as $key => $child) {
            if (is_string($key) && isset($fields[$key]) && is_string($child) && $child !== '') {
                $found[] = $child;
                $found = self::jsonLeaves($child, $found, 0);
            } else {
                $found = self::secretValues($child, $fields, $found);
            }
        }
        return $found;
    }

    /**
     * @param list<string> $found
     * @return list<string>
     */
    private static function jsonLeaves(string $text, array $found, int $depth): array
    {
        $start = ltrim($text)[0] ?? '';
        if ($depth > 8 || ($start !== '{' && $start !== '[')) {
            return $found;
        }
        $parsed = json_decode($text, true, 16);
        if (!is_array($parsed)) {
            return $found;
        }
        array_walk_recursive($parsed, static function (mixed $leaf) use (&$found, $depth): void {
            if (is_string($leaf) && strlen($leaf) >= self::LONG_SECRET_LENGTH) {
                $found[] = $leaf;
                $found = self::jsonLeaves($leaf, $found, $depth + 1);
            }
        });
        return $found;
    }

    /**
     * Each secret as the package writes it: raw, form-encoded, JSON-escaped, and JSON-escaped then
     * form-encoded; longest first, so an encoded form is replaced whole.
     *
     * @param list<string> $secrets
     * @return list<string>
     */
    public static function secretEncodings(array $secrets): array
    {
        $found = [];
        foreach ($secrets as $secret) {
            $json = substr((string) json_encode($secret, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE), 1, -1);
            foreach ([$secret, FormCodec::encodeComponent($secret), $json, FormCodec::encodeComponent($json)] as $form) {
                $found[$form] = true;
            }
        }
        $list = array_map('strval', array_keys($found));
        usort($list, static fn (string $a, string $b): int => strlen($b) <=> strlen($a));
        return $list;
    }

    /**
     * For log lines: sensitive fields masked by name, every other string scrubbed of card data.
     *
     * @param list<string> $secrets
     */
    public static function sanitize(mixed $value, array $secrets = []): mixed
    {
        $short = array_filter($secrets, static fn (string $secret): bool => $secret !== '' && strlen($secret) < self::LONG_SECRET_LENGTH);
        $scrub = static function (mixed $node) use (&$scrub, $short, $secrets): mixed {
            if (is_string($node)) {
                return in_array($node, $short, true) ? self::REDACTED : self::scrubText($node, $secrets);
            }
            return is_array($node) ? array_map($scrub, $node) : $node;
        };
        return $scrub(self::redact($value));
    }

    /** A caller's throwable as text for one of the package's exceptions: its message, card numbers masked. */
    public static function describe(\Throwable $error): string
    {
        return self::scrubText($error->getMessage());
    }
}
