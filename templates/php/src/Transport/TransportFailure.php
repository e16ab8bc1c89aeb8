<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient\Transport;

/** No answer arrived: a timeout, or a connection that failed (before sending, when notSent). */
final class TransportFailure extends \RuntimeException
{
    public function __construct(string $message, public readonly bool $timedOut = false, public readonly bool $notSent = false)
    {
        parent::__construct($message);
    }
}
