<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient\Exception;

/** A value that bracket notation cannot carry, or a form body beyond the codec's safety caps. */
final class FormCodecException extends GatewayException
{
    public function __construct(string $message)
    {
        parent::__construct('form codec', $message);
    }

    public function kind(): string
    {
        return 'form';
    }
}
