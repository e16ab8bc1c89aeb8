<?php

declare(strict_types=1);

use PaymentGateway\MerchantClient\Callbacks;
use PaymentGateway\MerchantClient\Exception\ConfigurationException;
use PaymentGateway\MerchantClient\Exception\SignatureException;
use PHPUnit\Framework\TestCase;

/**
 * One callback endpoint, one signing context: the PHP side of test/client/callback-coverage.test.ts.
 * What the merchant knows of the order is handed over for every callback, whatever its protocol.
 */
final class CallbackCoverageTest extends TestCase
{
    private const PASSWORD = '13a4822c5907ed235f3a068c76184fc3';
    private const ORDER = ['payer_email' => 'doe@example.com', 'card_number' => '4111111111111111'];
    private const CHECKOUT = [
        'id' => '0b4b7e54-e5ad-11ec-9a66-0242ac140003',
        'order_number' => 'order-1234',
        'order_amount' => '100.00',
        'order_currency' => 'USD',
        'order_description' => 'Important gift',
        'order_status' => 'decline',
        'type' => 'sale',
        'status' => 'fail',
    ];
    private const CARD = [
        'action' => 'SALE',
        'result' => 'DECLINED',
        'status' => 'DECLINED',
        'order_id' => 'O-1',
        'trans_id' => '1d152122-6c86-11eb-8a49-0242ac120013',
        'card' => '411111****1111',
        'payer_email' => 'doe@example.com',
    ];
    private const APM_SALE = ['action' => 'SALE', 'result' => 'SUCCESS', 'status' => 'SETTLED', 'order_id' => 'A-1', 'trans_id' => 'T-A1', 'amount' => '100.00', 'currency' => 'EUR', 'brand' => 'vcard'];

    /**
     * Every callback kind, with the values its platform signature was computed over beyond its own fields.
     *
     * @return array<string, array{string, array<string, string>, array<string, string>}>
     */
    private static function kinds(): array
    {
        $cardWithoutEmail = array_diff_key(self::CARD, ['payer_email' => 0]);
        return [
            'a Checkout callback' => ['checkout', self::CHECKOUT, []],
            'an S2S CARD SALE without the e-mail (F2 over the order\'s e-mail)' => ['card', $cardWithoutEmail, ['payer_email' => self::ORDER['payer_email']]],
            'an S2S CARD SALE carrying the e-mail' => ['card', self::CARD, []],
            'an S2S CARD SALE the platform signed without an e-mail (F6)' => ['card', $cardWithoutEmail, []],
            'an S2S CARD SALE without card or e-mail' => ['card', array_diff_key(self::CARD, ['payer_email' => 0, 'card' => 0]), self::ORDER],
            'an S2S CARD CREDIT2CARD (F6, the e-mail left out)' => ['card', ['action' => 'CREDIT2CARD'] + $cardWithoutEmail, []],
            'an S2S APM SALE (sorted values of every field)' => ['apm', self::APM_SALE, []],
            'an S2S APM SALE carrying payer attributes' => ['apm', self::APM_SALE + ['payer_email' => 'doe@example.com'], []],
            'an S2S APM CREDIT2VIRTUAL' => ['apm', ['action' => 'CREDIT2VIRTUAL'] + self::APM_SALE, []],
        ];
    }

    /** @return iterable<string, array{string, array<string, string>, array<string, string>, array<string, string>}> */
    public static function kindsByContext(): iterable
    {
        $contexts = [
            'the full card number' => self::ORDER,
            'first 6 + last 4 digits' => ['payer_email' => self::ORDER['payer_email'], 'card_number' => '4111111111'],
            'the masked card' => ['payer_email' => self::ORDER['payer_email'], 'card_number' => '411111******1111'],
        ];
        foreach (self::kinds() as $given => [$protocol, $fields, $signedWith]) {
            foreach ($contexts as $name => $context) {
                yield "{$given}, context with {$name}" => [$protocol, $fields, $signedWith, $context];
            }
        }
    }

    /**
     * @dataProvider kindsByContext
     * @param array<string, string> $fields
     * @param array<string, string> $signedWith
     * @param array<string, string> $context
     */
    public function testEveryKindVerifiesWithTheOrdersDataAndWithoutItOnlyWhenItsFormulaNeedsNothingMore(string $protocol, array $fields, array $signedWith, array $context): void
    {
        $callbacks = new Callbacks(self::PASSWORD);
        $raw = $callbacks->buildTestCallback($protocol, $fields, $signedWith);
        $event = $callbacks->parse($raw, $context);
        self::assertSame($protocol, $event->protocol);
        self::assertSame($fields, array_diff_key($event->fields, ['hash' => 0]));
        try {
            $bare = $callbacks->parse($raw);
            self::assertSame([], $signedWith, 'verified without the order values it was signed over');
            self::assertSame($protocol, $bare->protocol);
        } catch (SignatureException $error) {
            self::assertNotSame([], $signedWith, "a callback needing nothing more was refused: {$error->getMessage()}");
        }
    }

    public function testATamperedApmCallbackIsNotAskedForCardDataATamperedCardOneNamesWhatItsFormulaLacks(): void
    {
        $callbacks = new Callbacks(self::PASSWORD);
        $apm = str_replace('amount=100.00', 'amount=900.00', $callbacks->buildTestCallback('apm', self::APM_SALE));
        foreach ([[], self::ORDER] as $context) {
            $message = $this->refusal(static fn () => $callbacks->parse($apm, $context));
            self::assertMatchesRegularExpression('/hash does not match/', $message);
            self::assertDoesNotMatchRegularExpression('/card_number|payer_email|signingContext/', $message);
        }
        $card = $callbacks->buildTestCallback('card', array_diff_key(self::CARD, ['payer_email' => 0]), self::ORDER);
        $message = $this->refusal(static fn () => $callbacks->parse($card));
        self::assertStringContainsString('did not give: payer_email (pass them from your order: signingContext: [payer_email])', $message);
        self::assertStringNotContainsString('card_number', $message);
    }

    public function testACredit2cardCallbackVerifiesWhenTheMerchantPassesThePayerEmail(): void
    {
        // The document's own CREDIT2CARD example, signed over its card number: its formula leaves the e-mail out.
        $c2c = 'action=CREDIT2CARD&result=SUCCESS&status=SETTLED&order_id=123456789&trans_id=1d152122-6c86-11eb-8a49-0242ac120013&hash=84dc0713fa38f18edb85da7aa94eca2e';
        self::assertSame('CREDIT2CARD', (new Callbacks(self::PASSWORD))->parse($c2c, ['payer_email' => 'doe@example.com', 'card_number' => '4601541833776519'])->fields['action']);
    }

    public function testASaleWithoutCardVerifiesWithTheRequestsNamesAndTheRecipesNamesAndAFailureNamesWhatIsMissing(): void
    {
        $callbacks = new Callbacks(self::PASSWORD);
        $raw = $callbacks->buildTestCallback('card', array_diff_key(self::CARD, ['payer_email' => 0, 'card' => 0]), self::ORDER);
        foreach ([self::ORDER, ['payer_email' => 'doe@example.com', 'card' => '4111111111111111']] as $context) {
            self::assertSame(self::CARD['trans_id'], $callbacks->parse($raw, $context, 'card')->fields['trans_id']);
        }
        $message = $this->refusal(static fn () => $callbacks->parse($raw, [], 'card'));
        self::assertStringContainsString('card_number', $message);
        self::assertStringContainsString('payer_email', $message);
        $partial = $this->refusal(static fn () => $callbacks->parse($raw, ['payer_email' => 'doe@example.com'], 'card'));
        self::assertMatchesRegularExpression('/does not carry and signingContext did not give: card_number /', $partial);
    }

    public function testBuildTestCallbackChecksTheFieldsAgainstTheCallbackSchemaAndNamesTheMissingOnes(): void
    {
        $callbacks = new Callbacks(self::PASSWORD);
        try {
            $callbacks->buildTestCallback('checkout', array_diff_key(self::CHECKOUT, ['order_status' => 0]));
            self::fail('signed a Checkout callback without order_status');
        } catch (ConfigurationException $error) {
            self::assertMatchesRegularExpression('/checkoutCallback: order_status: /', $error->getMessage());
        }
        try {
            $callbacks->buildTestCallback('s2sCardCallback', array_diff_key(self::CARD, ['trans_id' => 0]));
            self::fail('signed a card callback without trans_id');
        } catch (ConfigurationException $error) {
            self::assertStringContainsString('trans_id', $error->getMessage());
        }
    }

    private function refusal(callable $parse): string
    {
        try {
            $parse();
        } catch (SignatureException $error) {
            return $error->getMessage();
        }
        self::fail('the callback was accepted');
    }
}
