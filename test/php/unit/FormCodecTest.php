<?php

declare(strict_types=1);

use PaymentGateway\MerchantClient\Exception\FormCodecException;
use PaymentGateway\MerchantClient\FormCodec;
use PHPUnit\Framework\TestCase;

/** The bracket codec against PHP's own http_build_query and parse_str, given/want. */
final class FormCodecTest extends TestCase
{
    /** @return iterable<string, array{array<string, mixed>}> */
    public static function trees(): iterable
    {
        yield 'flat' => [['action' => 'SALE', 'order_amount' => '10.00', 'payer_email' => 'a+b@example.com']];
        yield 'nested parameters' => [['parameters' => ['cart' => ['items' => [['name' => 'Tea', 'qty' => '2'], ['name' => 'Cup & saucer']]]]]];
        yield 'unicode and reserved characters' => [['order_description' => 'Ünïcödé 名前 = & ? / # % ~ *', 'x y' => 'a b']];
        yield 'indexes past 9' => [['transactions' => array_map(static fn (int $i): string => "t{$i}", range(0, 11))]];
    }

    /**
     * @dataProvider trees
     * @param array<string, mixed> $tree
     */
    public function testDecodesWhatHttpBuildQueryWritesAsParseStrDoes(array $tree): void
    {
        $native = http_build_query($tree, '', '&', PHP_QUERY_RFC1738);
        parse_str($native, $parsed);
        if (!str_contains(implode(',', array_keys($tree)), ' ')) {
            // parse_str turns a space in a top-level name into `_`: the one place the codecs differ by design.
            self::assertSame($parsed, FormCodec::decode($native));
        }
        self::assertSame(FormCodec::decode(FormCodec::encode($tree)), FormCodec::decode($native));
        self::assertSame($tree, FormCodec::decode(FormCodec::encode($tree)));
    }

    public function testWritesThePlatformsSpellings(): void
    {
        self::assertSame('a=true&b=false&c=1.5&e=', FormCodec::encode(['a' => true, 'b' => false, 'c' => 1.5, 'd' => null, 'e' => '', 'f' => []]));
        self::assertSame('p%5Bcart%5D%5B0%5D%5Bn%5D=Tea+*', FormCodec::encode(['p' => ['cart' => [['n' => 'Tea *']]]]));
    }

    public function testKeepsDottedNamesAndRepeatedKeysThatParseStrWouldChange(): void
    {
        self::assertSame(['order.amount' => '1', 'r' => ['1', '2']], FormCodec::decode('order.amount=1&r=1&r=2'));
    }

    public function testRefusesABracketInAKey(): void
    {
        $this->expectException(FormCodecException::class);
        FormCodec::encode(['a[b]' => 'x']);
    }

    public function testCapsNesting(): void
    {
        $this->expectException(FormCodecException::class);
        FormCodec::decode('a' . str_repeat('[x]', 70) . '=1');
    }

    public function testDropsPrototypeSegmentsAsTheTypeScriptCodecDoes(): void
    {
        self::assertSame(['a' => '1'], FormCodec::decode('__proto__[x]=1&a=1&b[constructor]=2'));
    }
}
