<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient;

use PaymentGateway\MerchantClient\Transport\Transport;

/**
 * The entry point: `$gateway->card()->sale([...])`, `$gateway->apm()->sale([...])`,
 * `$gateway->checkout()->createSession([...])`, and `$gateway->callbacks()` for what the platform
 * sends back. One Gateway per merchant account (key and password); it keeps its cURL handle.
 */
final class Gateway
{
    private readonly Client $client;
    private ?Card $card = null;
    private ?Apm $apm = null;
    private ?Checkout $checkout = null;

    public function __construct(Configuration $configuration, ?Transport $transport = null)
    {
        $this->client = new Client($configuration, $transport);
    }

    public function card(): Card
    {
        return $this->card ??= new Card($this->client);
    }

    public function apm(): Apm
    {
        return $this->apm ??= new Apm($this->client);
    }

    public function checkout(): Checkout
    {
        return $this->checkout ??= new Checkout($this->client);
    }

    /** Verifies callbacks and return queries with this account's password and algorithm. */
    public function callbacks(): Callbacks
    {
        return new Callbacks($this->client->configuration->password, $this->client->configuration->signatureAlgorithm);
    }
}
