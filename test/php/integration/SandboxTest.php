<?php

declare(strict_types=1);

use PaymentGateway\MerchantClient\Configuration;
use PaymentGateway\MerchantClient\Exception\PlatformException;
use PaymentGateway\MerchantClient\Exception\RequestValidationException;
use PaymentGateway\MerchantClient\Gateway;
use PaymentGateway\MerchantClient\Generated\Version;
use PaymentGateway\MerchantClient\InterfaceNotice;
use PaymentGateway\MerchantClient\Transport\CurlTransport;
use PaymentGateway\MerchantClient\Transport\HttpRequest;
use PaymentGateway\MerchantClient\Response\SaleResponse;
use PHPUnit\Framework\TestCase;

/**
 * The PHP client against the sandbox (started by test/php/phpunit.test.ts, which passes its URL,
 * the merchant's key and password, and the file the callback endpoint writes verified events to).
 */
final class SandboxTest extends TestCase
{
    private static Gateway $gateway;
    private static int $orders = 0;

    public static function setUpBeforeClass(): void
    {
        if (getenv('SANDBOX_URL') === false) {
            return;
        }
        self::$gateway = new Gateway(new Configuration((string) getenv('SANDBOX_URL'), (string) getenv('MERCHANT_KEY'), (string) getenv('MERCHANT_PASSWORD'), retries: 0));
    }

    protected function setUp(): void
    {
        if (getenv('SANDBOX_URL') === false) {
            self::markTestSkipped('needs the sandbox: run through npm test (test/php/phpunit.test.ts)');
        }
    }

    private static function order(string $prefix = 'PHP'): string
    {
        return sprintf('%s-%d-%d', $prefix, ++self::$orders, (int) (microtime(true) * 1000));
    }

    /** @return array<string, string> */
    private static function cardSale(string $month = '01'): array
    {
        return [
            'order_id' => self::order(),
            'order_amount' => '10.00',
            'order_currency' => 'USD',
            'order_description' => 'PHP sandbox test',
            'card_number' => '4111111111111111',
            'card_exp_month' => $month,
            'card_exp_year' => '2038',
            'card_cvv2' => '123',
            'payer_email' => 'payer@example.com',
            'payer_ip' => '203.0.113.10',
            'term_url_3ds' => 'https://merchant.example/3ds',
        ];
    }

    /**
     * The callbacks the endpoint verified for a transaction, waiting (bounded) for $count.
     *
     * @return list<array<string, mixed>>
     */
    private static function callbacksFor(string $id, int $count = 1): array
    {
        $deadline = microtime(true) + 10;
        do {
            $lines = is_file((string) getenv('CALLBACK_EVENTS')) ? file((string) getenv('CALLBACK_EVENTS'), FILE_IGNORE_NEW_LINES) : [];
            $events = array_values(array_filter(array_map(static fn (string $line): array => json_decode($line, true), $lines), static fn (array $event): bool => isset($event['fields']) && (($event['fields']['trans_id'] ?? null) === $id || ($event['fields']['id'] ?? null) === $id)));
            if (count($events) >= $count) {
                return $events;
            }
            usleep(50000);
        } while (microtime(true) < $deadline);
        $refused = array_filter($lines, static fn (string $line): bool => str_contains($line, 'refused'));
        self::fail("no {$count} verified callback(s) for {$id}; refused: " . implode("\n", $refused));
    }

    private static function post(string $url, string $body): array
    {
        $curl = curl_init($url);
        curl_setopt_array($curl, [CURLOPT_POST => true, CURLOPT_POSTFIELDS => $body, CURLOPT_RETURNTRANSFER => true, CURLOPT_HEADER => true, CURLOPT_HTTPHEADER => ['Content-Type: application/x-www-form-urlencoded']]);
        $text = (string) curl_exec($curl);
        $status = (int) curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
        preg_match('/^location:\s*(\S+)/mi', $text, $location);
        return [$status, $location[1] ?? null, $text];
    }

    public function testCardSaleSettlesAndItsCallbackVerifies(): void
    {
        $sale = self::$gateway->card()->sale(self::cardSale());
        self::assertInstanceOf(SaleResponse::class, $sale);
        self::assertSame(['SUCCESS', 'SETTLED'], [$sale->result, $sale->status]);
        [$event] = self::callbacksFor($sale->trans_id);
        self::assertSame('s2sCardCallback', $event['name']);
        self::assertSame('PaymentGateway\\MerchantClient\\Callback\\S2sCardCallbackEvent', $event['class']);
        self::assertSame(['SALE', 'SETTLED'], [$event['fields']['action'], $event['fields']['status']]);
        self::assertContains('trans_id', $event['covered']);
        self::assertSame([], $event['issues']);
    }

    public function testTheSandboxAnnouncesThisPackagesReleaseAndTheGatewayStaysQuiet(): void
    {
        $answer = (new CurlTransport())->send(new HttpRequest('GET', getenv('SANDBOX_URL') . '/_sandbox', [], '', 5000));
        self::assertSame(Version::SPEC, $answer->headers[InterfaceNotice::INTERFACE_VERSION_HEADER] ?? null);
        self::assertSame(Version::PACKAGE, $answer->headers[InterfaceNotice::SANDBOX_RELEASE_HEADER] ?? null);
        InterfaceNotice::reset();
        $notices = [];
        $gateway = new Gateway(new Configuration((string) getenv('SANDBOX_URL'), (string) getenv('MERCHANT_KEY'), (string) getenv('MERCHANT_PASSWORD'), retries: 0, interfaceNotice: static function (array $notice) use (&$notices): void {
            $notices[] = $notice;
        }));
        self::assertSame('SUCCESS', $gateway->card()->sale(self::cardSale())->result);
        self::assertSame([], $notices);
    }

    public function testADeclinedCardIsAnAnswerNotAnException(): void
    {
        $sale = self::$gateway->card()->sale(self::cardSale('02'));
        self::assertSame('DECLINED', $sale->result);
    }

    public function testThreeDsChallengeThenLookup(): void
    {
        $sale = self::$gateway->card()->sale(self::cardSale('05'));
        self::assertSame(['REDIRECT', '3DS'], [$sale->result, $sale->status]);
        self::assertIsString($sale->redirect_url);
        $challenge = str_starts_with($sale->redirect_url, 'http') ? $sale->redirect_url : getenv('SANDBOX_URL') . $sale->redirect_url;
        [$status, $location, $text] = self::post($challenge, 'outcome=success');
        self::assertSame(303, $status, $text);
        self::assertSame('https://merchant.example/3ds', $location);
        $lookup = self::$gateway->card()->getTransStatus(['trans_id' => $sale->trans_id]);
        self::assertSame('SETTLED', $lookup->status, json_encode($lookup));
        $events = self::callbacksFor($sale->trans_id, 2);
        self::assertSame(['3DS', 'SETTLED'], array_map(static fn (array $event) => $event['fields']['status'], $events));
    }

    public function testRefundSignsWithTheOriginalPaymentsValues(): void
    {
        $sale = self::$gateway->card()->sale(self::cardSale());
        try {
            self::$gateway->card()->refund(['trans_id' => $sale->trans_id, 'amount' => '4.00']);
            self::fail('a refund without signing values was sent');
        } catch (RequestValidationException $error) {
            self::assertSame('signing', $error->issues[0]->path);
        }
        $refund = self::$gateway->card()->refund(['trans_id' => $sale->trans_id, 'amount' => '4.00', 'signing' => ['payer_email' => 'payer@example.com', 'card_number' => '4111111111111111']]);
        // A refund is accepted, then settled: the callback says so.
        self::assertContains($refund->result, ['SUCCESS', 'ACCEPTED']);
        $events = self::callbacksFor($sale->trans_id, 2);
        self::assertSame('REFUND', end($events)['fields']['action'] ?? null, json_encode($events));
    }

    public function testAWronglySignedRefundIsAPlatformError(): void
    {
        $sale = self::$gateway->card()->sale(self::cardSale());
        $this->expectException(PlatformException::class);
        self::$gateway->card()->refund(['trans_id' => $sale->trans_id, 'amount' => '1.00', 'signing' => ['payer_email' => 'someone-else@example.com', 'card_number' => '4111111111111111']]);
    }

    public function testApmSaleWithAParameterSet(): void
    {
        $sale = self::$gateway->apm()->sale([
            'brand' => 'pin_voucher',
            'order_id' => self::order('APM'),
            'order_amount' => '50.00',
            'order_currency' => 'EUR',
            'order_description' => 'Voucher payment',
            'identifier' => 'payer-42',
            'payer_first_name' => 'Jane',
            'payer_last_name' => 'Roe',
            'payer_address' => 'Main street 5',
            'payer_country' => 'DE',
            'payer_city' => 'Berlin',
            'payer_zip' => '10115',
            'payer_ip' => '203.0.113.11',
            'return_url' => 'https://merchant.example/return',
            'parameters' => ['pin' => '1234567890123456'],
        ]);
        self::assertNotSame('ERROR', $sale->result);
        $event = self::callbacksFor($sale->trans_id)[0];
        self::assertSame('s2sApmCallback', $event['name']);
        try {
            self::$gateway->apm()->sale(['brand' => 'pin_voucher', 'order_id' => self::order('APM'), 'order_amount' => '50.00', 'order_currency' => 'EUR', 'order_description' => 'd', 'identifier' => 'p', 'payer_ip' => '203.0.113.11', 'return_url' => 'https://merchant.example/return', 'parameters' => ['pin' => 'not digits']]);
            self::fail('a bad parameter set was sent');
        } catch (RequestValidationException $error) {
            self::assertContains('parameters[pin]', array_map(static fn ($issue) => $issue->path, $error->issues));
        }
    }

    public function testCheckoutSessionHostedPaymentReturnAndCallback(): void
    {
        $order = ['number' => self::order('CO'), 'amount' => '12.00', 'currency' => 'EUR', 'description' => 'Checkout order'];
        $session = self::$gateway->checkout()->createSession([
            'operation' => 'purchase',
            'methods' => ['card'],
            'order' => $order,
            'success_url' => 'https://merchant.example/success',
            'cancel_url' => 'https://merchant.example/cancel',
        ]);
        [$status, $location] = self::post($session->redirect_url . '/pay', http_build_query(['card_number' => '4111111111111111', 'card_exp_month' => '01', 'card_exp_year' => '2038', 'card_cvv2' => '123']));
        self::assertSame(303, $status);
        $return = self::$gateway->callbacks()->verifyReturn((string) parse_url((string) $location, PHP_URL_QUERY), ['order' => $order]);
        self::assertSame($order['number'], $return->fields['order_id']);
        $events = self::callbacksFor($return->fields['payment_id']);
        self::assertSame('checkoutCallback', $events[0]['name']);
        self::assertSame($order['number'], $events[0]['fields']['order_number']);
    }
}
