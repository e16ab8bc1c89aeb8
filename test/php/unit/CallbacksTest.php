<?php

declare(strict_types=1);

use PaymentGateway\MerchantClient\Callback\CallbackEvent;
use PaymentGateway\MerchantClient\Callback\S2sCardCallbackEvent;
use PaymentGateway\MerchantClient\CallbackHandler;
use PaymentGateway\MerchantClient\Callbacks;
use PaymentGateway\MerchantClient\Exception\SignatureException;
use PaymentGateway\MerchantClient\FormCodec;
use PHPUnit\Framework\TestCase;

/** Callback verification over the spec's own callback examples, the signing context, the handler. */
final class CallbacksTest extends TestCase
{
    private const PASSWORD = '13a4822c5907ed235f3a068c76184fc3';

    /** @return iterable<string, array{string, array<string, mixed>}> */
    public static function examples(): iterable
    {
        // The spec's callback examples, as the shared signature vectors carry them.
        $vectors = json_decode((string) file_get_contents(dirname(__DIR__, 2) . '/fixtures/signature-vectors.json'), true, 512, JSON_THROW_ON_ERROR)['vectors'];
        foreach ($vectors as $vector) {
            if (str_starts_with($vector['id'], 'webhook ') && $vector['algorithm'] === 'md5' && !isset($vector['variant'])) {
                yield $vector['id'] => [$vector['webhook'], $vector['fields']];
            }
        }
    }

    /**
     * @dataProvider examples
     * @param array<string, mixed> $fields
     */
    public function testEveryCallbackExampleVerifiesAsItsWebhook(string $webhook, array $fields): void
    {
        $callbacks = new Callbacks(self::PASSWORD);
        $context = ['payer_email' => 'payer@example.com', 'card_number' => '4111111111111111'];
        $body = $callbacks->buildTestCallback($webhook, $fields, $context);
        $event = $callbacks->parse($body, $context);
        self::assertSame($webhook, $event->name);
        self::assertSame([], array_map(static fn ($issue) => $issue->toArray(), $event->issues));
        self::assertSame(FormCodec::decode($body), $event->fields);
        self::assertNotContains('hash', $event->covered);
        // Signed and unsigned split the fields by what the hash covers.
        self::assertSame(count($event->fields) - 1, count($event->signed) + count($event->unsigned));
        $tampered = FormCodec::decode($body);
        foreach ($event->covered as $field) {
            $changed = $tampered;
            $changed[$field] = is_string($changed[$field]) ? $changed[$field] . 'x' : 'x';
            try {
                $callbacks->parse(FormCodec::encode($changed), $context);
                self::fail("a changed {$field} was accepted");
            } catch (SignatureException) {
            }
        }
    }

    public function testTheCardCallbackLooksUpTheOrdersEmailByTheRequestsName(): void
    {
        $callbacks = new Callbacks(self::PASSWORD);
        $fields = ['action' => 'SALE', 'result' => 'SUCCESS', 'status' => 'SETTLED', 'order_id' => 'o-1', 'trans_id' => 't-1', 'trans_date' => '2024-01-01 10:00:00', 'card' => '411111****1111'];
        $body = $callbacks->buildTestCallback('s2sCardCallback', $fields, ['payer_email' => 'payer@example.com']);
        $event = $callbacks->parse($body, ['payer_email' => 'payer@example.com'], 'card');
        self::assertInstanceOf(S2sCardCallbackEvent::class, $event);
        self::assertSame('t-1', $event->trans_id);
        try {
            $callbacks->parse($body, [], 'card');
            self::fail('verified without the e-mail');
        } catch (SignatureException $error) {
            self::assertStringContainsString('payer_email', $error->getMessage());
        }
    }

    public function testAnUnsignedOrUnreadableBodyIsASignatureException(): void
    {
        $callbacks = new Callbacks(self::PASSWORD);
        foreach (['', 'a=1', 'hash=', 'a' . str_repeat('[x]', 80) . '=1&hash=00'] as $body) {
            try {
                $callbacks->parse($body);
                self::fail("accepted {$body}");
            } catch (SignatureException) {
                self::addToAssertionCount(1);
            }
        }
    }

    public function testTheHandlerAnswersOkOnlyForAVerifiedCallbackItsCodeAccepted(): void
    {
        $callbacks = new Callbacks(self::PASSWORD);
        $fields = ['id' => 'p-1', 'order_number' => 'o-1', 'order_amount' => '1.00', 'order_currency' => 'USD', 'order_description' => 'd', 'order_status' => 'settled', 'status' => 'success', 'type' => 'sale'];
        $body = $callbacks->buildTestCallback('checkoutCallback', $fields);
        $seen = [];
        $handler = new CallbackHandler($callbacks, onEvent: static function (CallbackEvent $event) use (&$seen): void {
            $seen[] = $event->name;
        });
        self::assertSame([200, 'OK'], $handler->respond($body));
        self::assertSame(['checkoutCallback'], $seen);
        self::assertSame([400, 'ERROR'], $handler->respond(str_replace('o-1', 'o-2', $body)));
        self::assertSame([413, 'ERROR'], $handler->respond(str_repeat('a', CallbackHandler::MAX_BODY_BYTES + 1)));
        $failing = new CallbackHandler($callbacks, onEvent: static fn () => throw new RuntimeException('database down'));
        self::assertSame([500, 'ERROR'], $failing->respond($body));
    }

    public function testThePaymentReturnVerifiesWithTheSessionsOrder(): void
    {
        $callbacks = new Callbacks(self::PASSWORD);
        $order = ['order' => ['number' => 'o-1', 'amount' => '3.01', 'currency' => 'USD', 'description' => 'd']];
        $query = $callbacks->buildTestCallback('paymentReturn', ['payment_id' => 'p-1', 'order_id' => 'o-1', 'trans_id' => 't-1'], $order);
        self::assertSame('p-1', $callbacks->verifyReturn('?' . $query, $order)->fields['payment_id']);
        $this->expectException(SignatureException::class);
        $callbacks->verifyReturn($query, ['order' => ['amount' => '3.02'] + $order['order']]);
    }
}
