<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient\Exception;

/** A callback or redirect whose signature is missing or wrong, or whose body cannot be read. */
final class SignatureException extends GatewayException
{
    public function kind(): string
    {
        return 'signature';
    }
}
