<?php

declare(strict_types=1);

use PaymentGateway\MerchantClient\Configuration;
use PaymentGateway\MerchantClient\Exception\ConfigurationException;
use PaymentGateway\MerchantClient\Gateway;
use PaymentGateway\MerchantClient\Generated\Version;
use PaymentGateway\MerchantClient\InterfaceNotice;
use PaymentGateway\MerchantClient\Tests\FakeTransport;
use PaymentGateway\MerchantClient\Transport\HttpResponse;
use PHPUnit\Framework\TestCase;

/**
 * The Gateway knows its version: an announcement newer than the package's is reported once per
 * process, with the upgrade guide; on a sandbox's unless told not to, on the platform's only when
 * asked; the answer is the same either way.
 */
final class InterfaceNoticeTest extends TestCase
{
    protected function setUp(): void
    {
        InterfaceNotice::reset();
    }

    private static function bump(string $version, int $part): string
    {
        $parts = array_map('intval', explode('.', $version));
        $parts[$part]++;
        for ($later = $part + 1; $later < 3; $later++) {
            $parts[$later] = 0;
        }
        return implode('.', $parts);
    }

    /** @param array<string, string> $headers */
    private static function answer(array $headers): HttpResponse
    {
        return new HttpResponse(200, (string) json_encode(['action' => 'GET_TRANS_STATUS', 'result' => 'SUCCESS', 'status' => 'SETTLED', 'trans_id' => '1d152122-6c86-11eb-8a49-0242ac120013']), ['content-type' => 'application/json', ...$headers]);
    }

    /** Looks a transaction up `$times` times through a gateway whose answers carry `$headers`. */
    private static function lookUp(mixed $option, array $headers, int $times = 1): mixed
    {
        $gateway = new Gateway(new Configuration('https://gateway.example', 'c2b8fb04-110f-11ea-bcd3-0242ac150003', 'password', interfaceNotice: $option), new FakeTransport(array_fill(0, $times, self::answer($headers))));
        $status = null;
        for ($call = 0; $call < $times; $call++) {
            $status = $gateway->card()->getTransStatus(['trans_id' => '1d152122-6c86-11eb-8a49-0242ac120013']);
        }
        return $status;
    }

    public function testANewerSandboxReleaseIsReportedOncePerProcessWithItsGuide(): void
    {
        $newer = self::bump(Version::PACKAGE, 0);
        $log = tempnam(sys_get_temp_dir(), 'notice');
        $previous = ini_set('error_log', $log);
        try {
            $status = self::lookUp(null, [InterfaceNotice::SANDBOX_RELEASE_HEADER => $newer, InterfaceNotice::INTERFACE_VERSION_HEADER => Version::SPEC], 2);
            self::lookUp(null, [InterfaceNotice::SANDBOX_RELEASE_HEADER => $newer]);
        } finally {
            ini_set('error_log', (string) $previous);
        }
        $logged = (string) file_get_contents($log);
        unlink($log);
        self::assertSame(1, substr_count($logged, 'payment-gateway/merchant-client: The sandbox at https://gateway.example speaks release ' . $newer));
        self::assertStringContainsString('/upgrade/' . Version::PACKAGE . "-to-{$newer}", $logged);
        self::assertSame('SETTLED', $status->status);
    }

    public function testThePlatformIsReportedOnlyWhenAsked(): void
    {
        $newer = self::bump(Version::SPEC, 1);
        $notices = [];
        self::lookUp(null, [InterfaceNotice::INTERFACE_VERSION_HEADER => $newer]);
        self::lookUp(false, [InterfaceNotice::SANDBOX_RELEASE_HEADER => self::bump(Version::PACKAGE, 0)]);
        self::lookUp(static function (array $notice) use (&$notices): void {
            $notices[] = $notice;
        }, [InterfaceNotice::INTERFACE_VERSION_HEADER => $newer]);
        self::assertCount(1, $notices);
        self::assertSame(['specVersion' => Version::SPEC, 'packageVersion' => Version::PACKAGE, 'interfaceVersion' => $newer, 'guide' => '/upgrade/'], array_diff_key($notices[0], ['message' => true]));
    }

    public function testANoticeThatThrowsDoesNotFailTheRequestAndOldOrUnreadableVersionsAreIgnored(): void
    {
        $seen = 0;
        $status = self::lookUp(static function () use (&$seen): void {
            $seen++;
            throw new RuntimeException('a broken notice handler');
        }, [InterfaceNotice::SANDBOX_RELEASE_HEADER => self::bump(Version::PACKAGE, 2)]);
        self::assertSame(1, $seen);
        self::assertSame('SETTLED', $status->status);
        InterfaceNotice::reset();
        foreach ([['next', Version::SPEC], [Version::PACKAGE, '1.0.0']] as [$release, $interface]) {
            self::lookUp(static function () use (&$seen): void {
                $seen++;
            }, [InterfaceNotice::SANDBOX_RELEASE_HEADER => $release, InterfaceNotice::INTERFACE_VERSION_HEADER => $interface]);
        }
        self::assertSame(1, $seen);
    }

    public function testTheOptionIsABooleanOrACallable(): void
    {
        $this->expectException(ConfigurationException::class);
        new Configuration('https://gateway.example', 'key', 'password', interfaceNotice: 'yes');
    }
}
