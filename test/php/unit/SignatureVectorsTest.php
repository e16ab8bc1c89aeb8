<?php

declare(strict_types=1);

use PaymentGateway\MerchantClient\Exception\ConfigurationException;
use PaymentGateway\MerchantClient\Generated\Operations;
use PaymentGateway\MerchantClient\Generated\Webhooks;
use PaymentGateway\MerchantClient\Signature;
use PHPUnit\Framework\TestCase;

/**
 * The golden vectors the TypeScript tests read too (test/fixtures/signature-vectors.json): every
 * recipe of the spec, md5 and sha256, every variant and case, recomputed by the PHP interpreter
 * from the recipes of the generated tables.
 */
final class SignatureVectorsTest extends TestCase
{
    /** @return iterable<string, array{array<string, mixed>}> */
    public static function vectors(): iterable
    {
        $file = dirname(__DIR__, 2) . '/fixtures/signature-vectors.json';
        foreach (json_decode((string) file_get_contents($file), true, 512, JSON_THROW_ON_ERROR)['vectors'] as $vector) {
            yield $vector['id'] => [$vector];
        }
    }

    /**
     * @dataProvider vectors
     * @param array<string, mixed> $vector
     */
    public function testRecomputes(array $vector): void
    {
        self::assertSame($vector['expected'], Signature::compute(self::recipeOf($vector), $vector['fields'], $vector['password'], $vector['algorithm']));
    }

    /** As the Client and Callbacks sign: one signer compiled per recipe, reused call after call. */
    public function testOneSignerPerRecipeGivesEveryVectorOfIt(): void
    {
        $signers = [];
        foreach (self::vectors() as [$vector]) {
            $signer = $signers[($vector['operation'] ?? $vector['webhook']) . '/' . ($vector['variant'] ?? '')] ??= Signature::signer(self::recipeOf($vector));
            self::assertSame($vector['expected'], $signer($vector['fields'], $vector['password'], $vector['algorithm']), $vector['id']);
        }
        self::assertNotEmpty($signers);
    }

    public function testAnUnknownExpressionFailsOnlyWhereItsFormulaIsChosen(): void
    {
        $recipe = ['digests' => ['md5'], 'input' => ['order_id', '$password'], 'cases' => [['when' => 'card_token', 'input' => ['nonsense' => 'order_id']]]];
        self::assertSame(md5('O-1secret'), Signature::compute($recipe, ['order_id' => 'O-1'], 'secret'));
        $this->expectException(ConfigurationException::class);
        Signature::compute($recipe, ['order_id' => 'O-1', 'card_token' => 'tok'], 'secret');
    }

    /**
     * @param array<string, mixed> $vector
     * @return array<string, mixed>
     */
    private static function recipeOf(array $vector): array
    {
        $recipe = isset($vector['operation']) ? Operations::OPERATIONS[$vector['operation']]['signature'] : Webhooks::WEBHOOKS[$vector['webhook']]['signature'];
        return Signature::variant($recipe, $vector['variant'] ?? null);
    }

    public function testEveryRecipeOfTheTablesHasVectors(): void
    {
        $vectors = array_map(static fn (array $row): array => $row[0], iterator_to_array(self::vectors()));
        $named = [];
        foreach ($vectors as $vector) {
            $named[$vector['operation'] ?? $vector['webhook']][$vector['algorithm']] = true;
        }
        $missing = [];
        foreach (Operations::OPERATIONS as $title => $operation) {
            if ($operation['signature'] !== null && count($named[$title] ?? []) !== 2) {
                $missing[] = $title;
            }
        }
        foreach (array_keys(Webhooks::WEBHOOKS) as $name) {
            if (count($named[$name] ?? []) !== 2) {
                $missing[] = $name;
            }
        }
        self::assertSame([], $missing);
    }

    public function testDocumentedVectorOne(): void
    {
        $recipe = Operations::OPERATIONS['S2S CARD SALE']['signature'];
        self::assertSame('2702ae0c4f99506dc29b5615ba9ee3c0', Signature::compute($recipe, ['payer_email' => 'doe@example.com', 'card_number' => '4111111111111111'], '13a4822c5907ed235f3a068c76184fc3'));
    }

    public function testMatchesIsCaseInsensitiveAndRefusesNonStrings(): void
    {
        self::assertTrue(Signature::matches('ABCDEF', 'abcdef'));
        self::assertFalse(Signature::matches(['abcdef'], 'abcdef'));
        self::assertFalse(Signature::matches('abcde', 'abcdef'));
    }
}
