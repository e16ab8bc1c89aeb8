<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient;

use PaymentGateway\MerchantClient\Callback\CallbackEvent;
use PaymentGateway\MerchantClient\Exception\GatewayException;

/**
 * The callback endpoint: the raw body in, `OK` or `ERROR` out (templates/runtime/callback-handler.ts).
 * The platform expects `OK`; any other answer makes it deliver again, which is what a failed
 * onEvent needs.
 *
 *     $handler = new CallbackHandler($gateway->callbacks(), onEvent: fn (CallbackEvent $e) => $orders->update($e));
 *     $handler->run();   // reads php://input, answers
 */
final class CallbackHandler
{
    /** The largest body read; a larger one is refused with 413. */
    public const MAX_BODY_BYTES = 1048576;

    /**
     * @param callable(CallbackEvent): void $onEvent runs once per verified callback; when it throws, the answer is 500
     * @param (callable(array<string, mixed>): array<string, mixed>)|null $signingContext looks up, from the fields
     *        as received (BEFORE verification: use them only to find the order), the order's values the signature covers
     * @param (callable(\Throwable): void)|null $onError told about every refused or failed delivery
     */
    public function __construct(
        private readonly Callbacks $callbacks,
        private readonly mixed $onEvent,
        private readonly mixed $signingContext = null,
        private readonly mixed $onError = null,
        private readonly ?string $protocol = null,
    ) {
    }

    /**
     * The answer for a raw body, for any framework: [status, body] to send as text/plain.
     *
     * @return array{0: int, 1: string}
     */
    public function respond(string $rawBody): array
    {
        if (strlen($rawBody) > self::MAX_BODY_BYTES) {
            return [413, 'ERROR'];
        }
        try {
            $context = [];
            if ($this->signingContext !== null) {
                try {
                    $context = ($this->signingContext)(FormCodec::decode($rawBody));
                } catch (GatewayException) {
                    // The verification below says what is wrong with the body.
                }
            }
            $event = $this->callbacks->parse($rawBody, $context, $this->protocol);
        } catch (GatewayException $error) {
            $this->report($error);
            return [400, 'ERROR'];
        }
        try {
            ($this->onEvent)($event);
        } catch (\Throwable $error) {
            $this->report($error);
            return [500, 'ERROR'];
        }
        return [200, 'OK'];
    }

    /** Reads php://input, answers with the status and `OK`/`ERROR`. */
    public function run(): void
    {
        if (($_SERVER['REQUEST_METHOD'] ?? 'POST') !== 'POST') {
            http_response_code(405);
            header('Allow: POST');
            echo 'ERROR';
            return;
        }
        $body = (string) file_get_contents('php://input', false, null, 0, self::MAX_BODY_BYTES + 1);
        [$status, $answer] = $this->respond($body);
        http_response_code($status);
        header('Content-Type: text/plain; charset=utf-8');
        echo $answer;
    }

    private function report(\Throwable $error): void
    {
        if ($this->onError !== null) {
            try {
                ($this->onError)($error);
            } catch (\Throwable) {
            }
        }
    }
}
