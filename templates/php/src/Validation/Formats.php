<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient\Validation;

/**
 * The JSON Schema formats the spec uses, with the rules of the TypeScript runtime's format
 * modules (ajv-formats' expressions; `date` with a calendar check).
 */
final class Formats
{
    private const IPV4 = '(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)';
    private const IPV6 = '/^((([0-9a-f]{1,4}:){7}([0-9a-f]{1,4}|:))|(([0-9a-f]{1,4}:){6}(:[0-9a-f]{1,4}|((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){5}(((:[0-9a-f]{1,4}){1,2})|:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){4}(((:[0-9a-f]{1,4}){1,3})|((:[0-9a-f]{1,4})?:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){3}(((:[0-9a-f]{1,4}){1,4})|((:[0-9a-f]{1,4}){0,2}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){2}(((:[0-9a-f]{1,4}){1,5})|((:[0-9a-f]{1,4}){0,3}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){1}(((:[0-9a-f]{1,4}){1,6})|((:[0-9a-f]{1,4}){0,4}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(:(((:[0-9a-f]{1,4}){1,7})|((:[0-9a-f]{1,4}){0,5}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:)))$/iD';
    private const EMAIL = '/^(?:[a-z0-9!#$%&\'*+\/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&\'*+\/=?^_`{|}~-]+)*|"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\\\[\x20-\x7e])*")@(?:([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)|\[(?:IPv6:([^\]]*)|([0-9.]*))\])$/iD';
    private const UUID = '/^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/iD';
    // RFC 3986, section 3 and appendix A, as templates/runtime/format-uri.ts scans it: the classes
    // of the grammar (`%` among them, its escapes checked apart), an authority with userinfo, a
    // host (reg-name or IP literal) and a numeric port, then path, query and fragment; `//` after
    // the scheme always starts an authority.
    private const URI = "/^[a-z][a-z0-9+\\-.]*:(?:\\/\\/(?:[a-z0-9\\-._~!$&'()*+,;=%:]*@)?(?:\\[([^\\]]*)\\]|[a-z0-9\\-._~!$&'()*+,;=%]*)(?::[0-9]*)?(?:\\/[a-z0-9\\-._~!$&'()*+,;=%:@\\/]*)?|(?!\\/\\/)[a-z0-9\\-._~!$&'()*+,;=%:@\\/]*)(?:\\?[a-z0-9\\-._~!$&'()*+,;=%:@\\/?]*)?(?:#[a-z0-9\\-._~!$&'()*+,;=%:@\\/?]*)?$/iD";
    private const IP_FUTURE = "/^v[0-9a-f]+\\.[a-z0-9\\-._~!$&'()*+,;=:]+$/iD";

    /** Whether the string has the format; a format the spec does not use passes (the generator refuses unknown ones). */
    public static function check(string $format, string $value): bool
    {
        return match ($format) {
            'date' => self::date($value),
            'date-time' => self::dateTime($value),
            'email' => self::email($value),
            'uuid' => self::uuid($value),
            'uri' => self::uri($value),
            'ipv4' => self::ipv4($value),
            'ipv6' => self::ipv6($value),
            default => true,
        };
    }

    // One method per format, which the generated validators call directly (no dispatch per value).

    public static function uuid(string $value): bool
    {
        return preg_match(self::UUID, $value) === 1;
    }

    public static function ipv4(string $value): bool
    {
        return preg_match('/^' . self::IPV4 . '$/D', $value) === 1;
    }

    public static function ipv6(string $value): bool
    {
        return preg_match(self::IPV6, $value) === 1;
    }

    public static function date(string $value): bool
    {
        if (!preg_match('/^([0-9]{4})-([0-9]{2})-([0-9]{2})$/D', $value, $m)) {
            return false;
        }
        [$year, $month, $day] = [(int) $m[1], (int) $m[2], (int) $m[3]];
        $leap = $year % 4 === 0 && ($year % 100 !== 0 || $year % 400 === 0);
        $days = [0, 31, $leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
        return $month >= 1 && $month <= 12 && $day >= 1 && $day <= $days[$month];
    }

    public static function dateTime(string $value): bool
    {
        if (!preg_match('/^(.{10})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.[0-9]+)?(?:[Zz]|([+-])([0-9]{2}):([0-9]{2}))$/D', $value, $m) || !self::date($m[1])) {
            return false;
        }
        [$hour, $minute, $second] = [(int) $m[2], (int) $m[3], (int) $m[4]];
        if ($hour > 23 || $minute > 59 || $second > 60) {
            return false;
        }
        $offset = 0;
        if (($m[5] ?? '') !== '') {
            if ((int) $m[6] > 23 || (int) $m[7] > 59) {
                return false;
            }
            $offset = ($m[5] === '-' ? -1 : 1) * ((int) $m[6] * 60 + (int) $m[7]);
        }
        // A leap second only at 23:59 UTC.
        return $second < 60 || (((($hour * 60 + $minute - $offset) % 1440) + 1440) % 1440) === 23 * 60 + 59;
    }

    public static function uri(string $value): bool
    {
        if (preg_match(self::URI, $value, $m) !== 1) {
            return false;
        }
        // An IP literal is an IPv6 address or an IPvFuture; a `%` starts a two-digit escape.
        if (($m[1] ?? '') !== '' && !self::ipv6($m[1]) && preg_match(self::IP_FUTURE, $m[1]) !== 1) {
            return false;
        }
        return !str_contains($value, '%') || preg_match('/%(?![0-9a-f]{2})/i', $value) !== 1;
    }

    public static function email(string $value): bool
    {
        if (!preg_match(self::EMAIL, $value, $m, PREG_UNMATCHED_AS_NULL)) {
            return false;
        }
        if (($m[2] ?? null) !== null) {
            return self::ipv6($m[2]);
        }
        return ($m[3] ?? null) === null || self::ipv4($m[3]);
    }
}
