<?php

declare(strict_types=1);

use PaymentGateway\MerchantClient\Configuration;
use PaymentGateway\MerchantClient\Exception\ConfigurationException;
use PaymentGateway\MerchantClient\Exception\GatewayException;
use PaymentGateway\MerchantClient\Exception\PlatformException;
use PaymentGateway\MerchantClient\Exception\RequestValidationException;
use PaymentGateway\MerchantClient\Exception\TransportException;
use PaymentGateway\MerchantClient\FormCodec;
use PaymentGateway\MerchantClient\Gateway;
use PaymentGateway\MerchantClient\Response\SaleResponse;
use PaymentGateway\MerchantClient\Tests\FakeTransport;
use PaymentGateway\MerchantClient\Transport\HttpResponse;
use PaymentGateway\MerchantClient\Transport\TransportFailure;
use PHPUnit\Framework\TestCase;

/** The pipeline over a scripted transport: body, hash, errors, masking, retries. */
final class ClientTest extends TestCase
{
    private const PASSWORD = '13a4822c5907ed235f3a068c76184fc3';
    private const PAN = '4111111111111111';
    private const CVV = '123';

    /** @var list<array<string, mixed>> */
    private array $logged = [];

    /** @return array<string, string> */
    private static function sale(array $extra = []): array
    {
        return [
            'order_id' => 'ORDER-1',
            'order_amount' => '10.00',
            'order_currency' => 'USD',
            'order_description' => 'Test',
            'card_number' => self::PAN,
            'card_exp_month' => '01',
            'card_exp_year' => '2038',
            'card_cvv2' => self::CVV,
            'payer_email' => 'payer@example.com',
            'payer_ip' => '203.0.113.10',
            'term_url_3ds' => 'https://merchant.example/3ds',
            ...$extra,
        ];
    }

    private function gateway(FakeTransport $transport, int $retries = 2): Gateway
    {
        $this->logged = [];
        return new Gateway(new Configuration('https://gateway.example', 'c0ffee00-1111-4000-8000-000000000001', self::PASSWORD, retries: $retries, retryDelayMs: 1, logger: function (array $event): void {
            $this->logged[] = $event;
        }), $transport);
    }

    /** Everything a merchant could print: messages, toArray, the log lines. */
    private function printed(?GatewayException $error = null): string
    {
        return ($error ? $error->getMessage() . json_encode($error->toArray()) . print_r($error->toArray(), true) : '') . json_encode($this->logged);
    }

    public function testSaleSendsTheSignedFormWithActionAndKeyFirst(): void
    {
        $transport = new FakeTransport([FakeTransport::json(['action' => 'SALE', 'result' => 'SUCCESS', 'status' => 'SETTLED', 'trans_id' => 't-1'])]);
        $response = $this->gateway($transport)->card()->sale(self::sale());
        self::assertInstanceOf(SaleResponse::class, $response);
        self::assertSame('t-1', $response->trans_id);
        self::assertSame('SUCCESS', $response['result']);
        $request = $transport->requests[0];
        self::assertSame('https://gateway.example/post', $request->url);
        self::assertSame('application/x-www-form-urlencoded', $request->headers['Content-Type']);
        $body = FormCodec::decode($request->body);
        self::assertSame(['action', 'client_key'], array_slice(array_keys($body), 0, 2));
        self::assertSame(['SALE', 'c0ffee00-1111-4000-8000-000000000001'], [$body['action'], $body['client_key']]);
        // F1 of the facts: md5(strtoupper(strrev(email) . PASSWORD . strrev(first6 . last4))).
        $expected = md5(strtoupper(strrev('payer@example.com') . self::PASSWORD . strrev('411111' . '1111')));
        self::assertSame($expected, $body['hash']);
        self::assertStringNotContainsString(self::PASSWORD, $request->body);
        self::assertStringNotContainsString(self::PAN, $this->printed());
    }

    public function testAnInvalidRequestNamesWirePathsAndSendsNothing(): void
    {
        $transport = new FakeTransport([]);
        try {
            $this->gateway($transport)->card()->sale(self::sale(['card_number' => '4111111111111112', 'order_amount' => 'ten', 'parameters' => ['pin' => 5], 'no_such_field' => 'x']));
            self::fail('no exception');
        } catch (RequestValidationException $error) {
            $paths = array_map(static fn ($issue): string => $issue->path, $error->issues);
            self::assertContains('no_such_field', $paths);
            self::assertSame([], $transport->requests);
            self::assertStringNotContainsString('4111111111111112', $this->printed($error));
        }
        try {
            $this->gateway($transport)->card()->sale(self::sale(['card_number' => '4111111111111112', 'order_amount' => 'ten']));
            self::fail('no exception');
        } catch (RequestValidationException $error) {
            $rules = [];
            foreach ($error->issues as $issue) {
                $rules[$issue->path] = $issue->rule;
            }
            // The Luhn check digit is a warning, not a refusal: only the amount is refused.
            self::assertArrayNotHasKey('card_number', $rules);
            self::assertSame('pattern', $rules['order_amount'] ?? null);
        }
    }

    public function testAWarningIsLoggedAndTheRequestIsSent(): void
    {
        $transport = new FakeTransport([FakeTransport::json(['action' => 'SALE', 'result' => 'DECLINED', 'status' => 'DECLINED', 'trans_id' => 't-2', 'decline_reason' => 'Declined'])]);
        $this->gateway($transport)->card()->sale(self::sale(['card_number' => '4111111111111112', 'order_currency' => 'usd']));
        self::assertCount(1, $transport->requests);
        $warnings = array_values(array_filter($this->logged, static fn (array $event): bool => $event['type'] === 'warning'));
        self::assertCount(1, $warnings);
        self::assertSame('S2S CARD SALE', $warnings[0]['operation']);
        $rules = array_column($warnings[0]['warnings'], 'rule', 'path');
        self::assertSame(['order_currency' => 'pattern', 'card_number' => 'luhn'], $rules);
        self::assertStringNotContainsString('4111111111111112', $this->printed());
    }

    public function testAPlatformErrorThatEchoesCardDataIsMasked(): void
    {
        $echo = 'Invalid card ' . self::PAN . ' with card_cvv2=' . self::CVV . ' and password ' . self::PASSWORD;
        $transport = new FakeTransport([FakeTransport::json(['result' => 'ERROR', 'error_code' => 204002, 'error_message' => $echo, 'errors' => [['error_code' => 1, 'error_message' => 'card_cvv2: ' . self::CVV]]], 400)]);
        try {
            $this->gateway($transport)->card()->sale(self::sale());
            self::fail('no exception');
        } catch (PlatformException $error) {
            $printed = $this->printed($error);
            self::assertSame(204002, $error->errorCode);
            self::assertStringContainsString('411111******1111', $printed);
            self::assertStringNotContainsString(self::PAN, $printed);
            self::assertStringNotContainsString('cvv2=' . self::CVV, $printed);
            self::assertStringNotContainsString('cvv2: ' . self::CVV, $printed);
            self::assertStringNotContainsString(self::PASSWORD, $printed);
        }
    }

    public function testAPaymentIsNeverSentTwice(): void
    {
        foreach ([new TransportFailure('Operation timed out', timedOut: true), new TransportFailure('Connection reset'), new HttpResponse(503, 'busy')] as $failure) {
            $transport = new FakeTransport([$failure, FakeTransport::json(['result' => 'SUCCESS'])]);
            try {
                $this->gateway($transport)->card()->sale(self::sale());
                self::fail('no exception');
            } catch (TransportException $error) {
                self::assertCount(1, $transport->requests, $error->getMessage());
            }
        }
    }

    public function testAPaymentThatNeverLeftIsSentAgain(): void
    {
        $transport = new FakeTransport([new TransportFailure('Connection refused', notSent: true), FakeTransport::json(['result' => 'SUCCESS', 'trans_id' => 't'])]);
        self::assertSame('t', $this->gateway($transport)->card()->sale(self::sale())->trans_id);
        self::assertCount(2, $transport->requests);
    }

    public function testALookupIsRetriedAfterATimeoutOrA5xxUpToTheLimit(): void
    {
        $transport = new FakeTransport([new TransportFailure('timed out', timedOut: true), new HttpResponse(502, 'bad gateway'), FakeTransport::json(['result' => 'SUCCESS', 'status' => 'SETTLED'])]);
        self::assertSame('SETTLED', $this->gateway($transport)->card()->getTransStatus(['trans_id' => 'c0ffee00-0000-4000-8000-000000000000'])->status);
        self::assertCount(3, $transport->requests);
        $transport = new FakeTransport([new HttpResponse(500, 'x'), new HttpResponse(500, 'x'), new HttpResponse(500, 'x')]);
        try {
            $this->gateway($transport, retries: 2)->card()->getTransStatus(['trans_id' => 'c0ffee00-0000-4000-8000-000000000000']);
            self::fail('no exception');
        } catch (TransportException $error) {
            self::assertSame(500, $error->status);
            self::assertCount(3, $transport->requests);
        }
    }

    public function testARefundNeedsTheOriginalPaymentsSigningValues(): void
    {
        try {
            $this->gateway(new FakeTransport([]))->card()->refund(['trans_id' => 'c0ffee00-0000-4000-8000-000000000000']);
            self::fail('no exception');
        } catch (RequestValidationException $error) {
            self::assertSame('signing', $error->issues[0]->path);
        }
        $transport = new FakeTransport([FakeTransport::json(['result' => 'SUCCESS'])]);
        $this->gateway($transport)->card()->refund(['trans_id' => 'c0ffee00-0000-4000-8000-000000000000', 'signing' => ['payer_email' => 'payer@example.com', 'card_number' => self::PAN]]);
        $body = FormCodec::decode($transport->requests[0]->body);
        self::assertArrayNotHasKey('signing', $body);
        self::assertStringNotContainsString(self::PAN, $transport->requests[0]->body);
    }

    public function testCheckoutSendsJsonToItsPath(): void
    {
        $transport = new FakeTransport([FakeTransport::json(['redirect_url' => 'https://pay.example/s'])]);
        $response = $this->gateway($transport)->checkout()->createSession([
            'operation' => 'purchase',
            'order' => ['number' => 'o-1', 'amount' => '1.00', 'currency' => 'USD', 'description' => 'd'],
            'success_url' => 'https://merchant.example/ok',
        ]);
        self::assertSame('https://pay.example/s', $response->redirect_url);
        $body = json_decode($transport->requests[0]->body, true);
        self::assertSame('c0ffee00-1111-4000-8000-000000000001', $body['merchant_key']);
        self::assertSame(sha1(md5(strtoupper('o-1' . '1.00' . 'USD' . 'd' . self::PASSWORD))), $body['hash']);
    }

    public function testExceptionsMirrorTheTypeScriptClasses(): void
    {
        $kinds = [];
        foreach (glob(dirname(__DIR__, 3) . '/generated/php/src/Exception/*.php') as $file) {
            $class = 'PaymentGateway\\MerchantClient\\Exception\\' . basename($file, '.php');
            $kinds[basename($file, '.php')] = (new ReflectionClass($class))->isAbstract() ? 'abstract' : get_parent_class($class);
        }
        ksort($kinds);
        $ts = (string) file_get_contents(dirname(__DIR__, 3) . '/templates/runtime/errors.ts');
        preg_match_all('/export (?:abstract )?class (\w+)Error extends/', $ts, $match);
        $mirrored = array_map(static fn (string $name): string => "{$name}Exception", [...$match[1], 'Gateway']);
        sort($mirrored);
        self::assertSame(array_values(array_unique($mirrored)), array_keys($kinds));
    }

    public function testBrandValuesMustBeNonEmptyStringsWithTheTypeScriptWords(): void
    {
        $ts = (string) file_get_contents(dirname(__DIR__, 3) . '/templates/runtime/configuration.ts');
        preg_match("/'(brandValues must [^']+)'/", $ts, $words);
        foreach ([['pin_voucher' => ''], ['pin_voucher' => 42]] as $brandValues) {
            try {
                new Configuration('https://gateway.example', 'key', self::PASSWORD, brandValues: $brandValues);
                self::fail('accepted brandValues ' . json_encode($brandValues));
            } catch (ConfigurationException $error) {
                self::assertStringContainsString($words[1], $error->getMessage());
            }
        }
    }
}
