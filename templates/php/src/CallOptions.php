<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient;

/** Per-call settings. */
final class CallOptions
{
    public function __construct(
        /** This call's per-attempt timeout, instead of the client's. */
        public readonly ?int $timeoutMs = null,
    ) {
    }
}
