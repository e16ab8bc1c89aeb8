<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient\Tests;

use PaymentGateway\MerchantClient\Transport\HttpRequest;
use PaymentGateway\MerchantClient\Transport\HttpResponse;
use PaymentGateway\MerchantClient\Transport\Transport;

/** Answers from a script of responses (or failures to throw), recording every request. */
final class FakeTransport implements Transport
{
    /** @var list<HttpRequest> */
    public array $requests = [];

    /** @param list<HttpResponse|\Throwable> $script */
    public function __construct(private array $script)
    {
    }

    public function send(HttpRequest $request): HttpResponse
    {
        $this->requests[] = $request;
        $next = array_shift($this->script) ?? throw new \LogicException('no scripted answer left');
        if ($next instanceof \Throwable) {
            throw $next;
        }
        return $next;
    }

    /** @param array<string, mixed> $body */
    public static function json(array $body, int $status = 200): HttpResponse
    {
        return new HttpResponse($status, (string) json_encode($body), ['content-type' => 'application/json']);
    }
}
