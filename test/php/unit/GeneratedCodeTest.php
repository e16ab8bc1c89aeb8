<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;

/**
 * Every PHP file of the package parses (the PHP 8.1 grammar the package promises is checked by
 * its syntax: no PHP 8.2-only syntax is used), declares strict types, and is laid out cleanly;
 * the PSR-4 names match the paths, and composer.json asks only for PHP and its extensions.
 */
final class GeneratedCodeTest extends TestCase
{
    private const ROOT = __DIR__ . '/../../../generated/php';

    /** @return iterable<string, array{string}> */
    public static function files(): iterable
    {
        $root = (string) realpath(self::ROOT . '/src');
        $files = new RecursiveIteratorIterator(new RecursiveDirectoryIterator($root, FilesystemIterator::SKIP_DOTS));
        foreach ($files as $file) {
            yield substr($file->getPathname(), strlen($root) + 1) => [$file->getPathname()];
        }
    }

    /** @dataProvider files */
    public function testParsesAndIsLaidOut(string $file): void
    {
        $code = (string) file_get_contents($file);
        token_get_all($code, TOKEN_PARSE);
        self::assertStringContainsString('declare(strict_types=1);', $code);
        self::assertDoesNotMatchRegularExpression('/[ \t]$/m', $code);
        $relative = substr($file, strlen((string) realpath(self::ROOT . '/src')) + 1);
        $class = 'PaymentGateway\\MerchantClient\\' . str_replace('/', '\\', substr($relative, 0, -4));
        self::assertTrue(class_exists($class) || interface_exists($class), "{$class} is not at its PSR-4 path");
    }

    public function testComposerAsksOnlyForPhpAndItsExtensions(): void
    {
        $composer = json_decode((string) file_get_contents(self::ROOT . '/composer.json'), true, 512, JSON_THROW_ON_ERROR);
        self::assertSame('payment-gateway/merchant-client', $composer['name']);
        self::assertSame(['php' => '>=8.1', 'ext-curl' => '*', 'ext-json' => '*', 'ext-mbstring' => '*'], $composer['require']);
        self::assertSame(['PaymentGateway\\MerchantClient\\' => 'src/'], $composer['autoload']['psr-4']);
    }
}
