<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient\Transport;

/**
 * How requests reach the platform: the cURL default, or a merchant's own HTTP client (Guzzle,
 * Symfony HttpClient, a PSR-18 client) wrapped in three lines.
 *
 * A failure to get any answer throws TransportFailure: `notSent` true only when the request
 * certainly never left (connection refused, host not found), the one case a payment may be
 * sent again. Any HTTP status is an HttpResponse, never an exception.
 */
interface Transport
{
    /** @throws TransportFailure */
    public function send(HttpRequest $request): HttpResponse;
}
