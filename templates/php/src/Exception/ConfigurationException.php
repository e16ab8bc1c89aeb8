<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient\Exception;

/** The client or a callback parser was set up wrongly (options, password, base URL); nothing was sent. */
final class ConfigurationException extends GatewayException
{
    public function kind(): string
    {
        return 'configuration';
    }
}
