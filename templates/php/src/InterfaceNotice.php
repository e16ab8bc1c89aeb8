<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient;

use PaymentGateway\MerchantClient\Generated\Version;

/**
 * The client knows its version, as the TypeScript client does (templates/runtime/interface-notice.ts):
 * a server may announce the interface it speaks (the platform and the sandbox) and the release it
 * was generated from (the sandbox). When either is newer than this package's, the Gateway says so
 * once per process, naming the docs site's upgrade guide: on a sandbox's announcement unless
 * `interfaceNotice` is false, on the platform's only when it is true or a callable. It reads the
 * headers of an answer already received and never holds up, changes or fails a request.
 */
final class InterfaceNotice
{
    /** The response headers of the announcement (lower case, as the transport keeps them). */
    public const INTERFACE_VERSION_HEADER = 'x-interface-version';
    public const SANDBOX_RELEASE_HEADER = 'x-gateway-sandbox';

    private static bool $reported = false;

    /**
     * @param array<string, string> $headers lower-case names
     * @param bool|callable(array<string, string>): void|null $option
     */
    public static function check(array $headers, mixed $option, string $baseUrl): void
    {
        if (self::$reported || $option === false) {
            return;
        }
        $interfaceVersion = $headers[self::INTERFACE_VERSION_HEADER] ?? null;
        $sandboxRelease = $headers[self::SANDBOX_RELEASE_HEADER] ?? null;
        if ($option === null && $sandboxRelease === null) {
            return;
        }
        $newerInterface = self::newer($interfaceVersion, Version::SPEC);
        $newerRelease = self::newer($sandboxRelease, Version::PACKAGE);
        if (!$newerInterface && !$newerRelease) {
            return;
        }
        self::$reported = true;
        $guide = $newerRelease ? '/upgrade/' . Version::PACKAGE . "-to-{$sandboxRelease}" : '/upgrade/';
        $speaks = implode(' of ', array_filter([$newerInterface ? "interface {$interfaceVersion}" : null, $newerRelease ? "release {$sandboxRelease}" : null]));
        $notice = array_filter([
            'specVersion' => Version::SPEC,
            'packageVersion' => Version::PACKAGE,
            'interfaceVersion' => $interfaceVersion,
            'sandboxRelease' => $sandboxRelease,
            'guide' => $guide,
            'message' => ($sandboxRelease !== null ? 'The sandbox' : 'The platform') . " at {$baseUrl} speaks {$speaks}, newer than this client (release " . Version::PACKAGE . ', interface ' . Version::SPEC . "). What changed and what to change: the upgrade guide {$guide} of the docs site.",
        ], static fn (?string $value): bool => $value !== null);
        try {
            if (is_callable($option)) {
                $option($notice);
            } else {
                error_log("payment-gateway/merchant-client: {$notice['message']}");
            }
        } catch (\Throwable) {
            // A notice must never fail the request it came with.
        }
    }

    /** Forgets that a notice was given (tests of the notice only). */
    public static function reset(): void
    {
        self::$reported = false;
    }

    /** Whether `$announced` is a newer MAJOR.MINOR.PATCH than `$own` (anything unreadable is not). */
    private static function newer(?string $announced, string $own): bool
    {
        $pattern = '/^([0-9]+)\.([0-9]+)\.([0-9]+)$/';
        if ($announced === null || !preg_match($pattern, $announced, $a) || !preg_match($pattern, $own, $b)) {
            return false;
        }
        for ($part = 1; $part <= 3; $part++) {
            if ((int) $a[$part] !== (int) $b[$part]) {
                return (int) $a[$part] > (int) $b[$part];
            }
        }
        return false;
    }
}
