<?php

declare(strict_types=1);

use PaymentGateway\MerchantClient\Validation\Checks;
use PHPUnit\Framework\TestCase;

/** Checks::luhn (read two digits at a time from a table) against the check as ISO/IEC 7812 states it, digit by digit. */
final class LuhnTest extends TestCase
{
    public function testAgreesWithTheDigitByDigitCheck(): void
    {
        mt_srand(26);
        $cases = ['', '0', '4111111111111111', '4111111111111112', '79927398713', '5555555555554444', '378282246310005', '12a4', "4111\n"];
        for ($i = 0; $i < 20000; $i++) {
            $text = '';
            for ($length = mt_rand(0, 25), $j = 0; $j < $length; $j++) {
                $text .= mt_rand(0, 40) === 0 ? chr(mt_rand(0, 255)) : (string) mt_rand(0, 9);
            }
            $cases[] = $text;
        }
        foreach ($cases as $text) {
            self::assertSame(self::digitByDigit($text), Checks::luhn($text), var_export($text, true));
        }
    }

    public function testKnownNumbers(): void
    {
        self::assertTrue(Checks::luhn('4111111111111111'));
        self::assertFalse(Checks::luhn('4111111111111112'));
        self::assertTrue(Checks::luhn('79927398713'));
        // Anything but digits is the pattern's concern: the check passes it.
        self::assertTrue(Checks::luhn('4111-1111'));
    }

    /** From the right, every second digit doubled (minus 9 above 9); valid when the sum ends in 0. */
    private static function digitByDigit(string $text): bool
    {
        if (preg_match('/^[0-9]*$/D', $text) !== 1) {
            return true;
        }
        $sum = 0;
        foreach (array_reverse(str_split($text)) as $position => $digit) {
            $value = (int) $digit * ($position % 2 === 1 ? 2 : 1);
            $sum += $value > 9 ? $value - 9 : $value;
        }
        return $sum % 10 === 0;
    }
}
