<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient;

use PaymentGateway\MerchantClient\Exception\GatewayException;
use PaymentGateway\MerchantClient\Exception\PlatformException;
use PaymentGateway\MerchantClient\Exception\RequestValidationException;
use PaymentGateway\MerchantClient\Exception\TransportException;
use PaymentGateway\MerchantClient\Generated\Operations;
use PaymentGateway\MerchantClient\Response\Response;
use PaymentGateway\MerchantClient\Transport\CurlTransport;
use PaymentGateway\MerchantClient\Transport\HttpRequest;
use PaymentGateway\MerchantClient\Transport\Transport;
use PaymentGateway\MerchantClient\Transport\TransportFailure;
use PaymentGateway\MerchantClient\Validation\ValidationIssue;
use PaymentGateway\MerchantClient\Validation\Validator;

use function array_key_exists, count, in_array, is_array, is_int, is_string;

/**
 * The request pipeline, the PHP side of templates/runtime/pipeline.ts: read the input → validate
 * (wire paths) → sign (the operation's recipe) → encode → send → read the answer. Each step reads
 * the generated Operations table; none knows an operation by name.
 *
 * Retries as in the TypeScript client: only a request that certainly never left, or an
 * idempotent lookup after a timeout, a failed connection or a 5xx. A payment is never sent twice.
 */
final class Client
{
    /** Fields of the input that never go on the wire (a caller's `hash` is dropped too). */
    private const LOCAL_FIELDS = ['signing' => true, 'headers' => true, 'hash' => true];
    /** The headers of a body style. */
    private const CONTENT_HEADERS = [
        'form' => ['Content-Type' => 'application/x-www-form-urlencoded', 'Accept' => 'application/json'],
        'json' => ['Content-Type' => 'application/json', 'Accept' => 'application/json'],
    ];

    private readonly Transport $transport;
    private readonly Validator $validator;

    public function __construct(public readonly Configuration $configuration, ?Transport $transport = null, ?Validator $validator = null)
    {
        $this->transport = $transport ?? new CurlTransport();
        $this->validator = $validator ?? Validator::default();
    }

    /**
     * Runs one operation of the generated table.
     *
     * @param array<string, mixed> $input
     * @return Response|list<Response>
     * @throws GatewayException
     */
    public function invoke(string $operation, #[\SensitiveParameter] array $input, ?CallOptions $call = null): Response|array
    {
        $definition = Operations::OPERATIONS[$operation] ?? throw new \InvalidArgumentException("Unknown operation {$operation}");
        $options = $this->configuration;
        try {
            [$body, $signing, $headers] = $this->prepare($operation, $definition, $input);
        } catch (GatewayException $error) {
            throw $this->logged($operation, $error);
        }
        $encoded = $definition['bodyStyle'] === 'form' ? FormCodec::encode($body) : (string) json_encode($body, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR);
        $secrets = null;
        $secretsOf = function () use (&$secrets, $body, $signing, $headers, $options): array {
            return $secrets ??= Sensitive::secretEncodings([...Sensitive::secretValues([...$signing, ...$body]), ...array_values($headers), $options->password]);
        };
        $request = new HttpRequest(
            'POST',
            $options->baseUrl . $definition['path'],
            $headers === [] ? self::CONTENT_HEADERS[$definition['bodyStyle']] : [...self::CONTENT_HEADERS[$definition['bodyStyle']], ...$headers],
            $encoded,
            $call?->timeoutMs ?? $options->timeoutMs,
        );
        $attemptsAllowed = 1 + $options->retries;
        for ($attempt = 1; ; $attempt++) {
            if ($options->logger !== null) {
                $this->log(['type' => 'request', 'operation' => $operation, 'attempt' => $attempt, 'url' => $request->url, 'body' => Sensitive::sanitize($body, $secretsOf())]);
            }
            $started = $options->logger !== null ? hrtime(true) : 0;
            try {
                $result = $this->sendOnce($operation, $definition, $request, $body, $secretsOf);
                if ($options->logger !== null) {
                    $this->log(['type' => 'response', 'operation' => $operation, 'attempt' => $attempt, 'ms' => intdiv(hrtime(true) - $started, 1000000)]);
                }
                return $result;
            } catch (GatewayException $error) {
                $retryable = $error instanceof TransportException
                    && $error->failure !== TransportException::RESPONSE
                    && ($error->notSent || ($definition['idempotent'] && ($error->failure !== TransportException::HTTP || ($error->status ?? 0) >= 500)));
                if (!$retryable || $attempt >= $attemptsAllowed) {
                    throw $this->logged($operation, $error);
                }
                $this->log(['type' => 'error', 'operation' => $operation, 'error' => $error->toArray()]);
                usleep($options->retryDelayMs * (2 ** ($attempt - 1)) * 1000);
            }
        }
    }

    /**
     * The body exactly as it is sent (action and merchant key first, the caller's fields, the
     * hash), the signing-only values and the header parameters; or a RequestValidationException.
     *
     * @param array<string, mixed> $definition
     * @param array<string, mixed> $input
     * @return array{0: array<string, mixed>, 1: array<string, mixed>, 2: array<string, string>}
     */
    private function prepare(string $operation, array $definition, #[\SensitiveParameter] array $input): array
    {
        $options = $this->configuration;
        $head = [];
        if ($definition['action'] !== null) {
            $head['action'] = $definition['action'];
        }
        if ($definition['keyField'] !== null) {
            $head[$definition['keyField']] = $options->merchantKey;
        }
        $issues = [];
        // Set operations in C rather than a loop per field: the request's fields as a set, once per operation.
        static $known = [];
        $sent = array_key_exists('signing', $input) || array_key_exists('headers', $input) || array_key_exists('hash', $input) ? array_diff_key($input, self::LOCAL_FIELDS) : $input;
        if ($definition['fields'] !== null) {
            foreach (array_diff_key($sent, $known[$operation] ??= array_flip($definition['fields'])) as $key => $_) {
                $issues[] = new ValidationIssue((string) $key, 'unevaluatedProperties', 'is not a field of this request (check its name): it is not sent');
                unset($sent[$key]);
            }
        }
        $body = $sent === [] ? $head : array_replace($head, $sent);
        $recipe = $definition['signature'] === null ? null : Signature::variant($definition['signature'], $options->cardStatusSignature);
        $signingFields = $definition['signing'];
        if ($options->cardStatusSignature !== null && isset($definition['signature']['variants'][$options->cardStatusSignature]['signing'])) {
            $signingFields = $definition['signature']['variants'][$options->cardStatusSignature]['signing'];
        }
        $signing = is_array($input['signing'] ?? null) ? $input['signing'] : [];
        if ($signingFields !== []) {
            array_push($issues, ...self::signingIssues($signingFields, $input));
        }
        $headers = [];
        foreach ($definition['headers'] as $name) {
            $value = $input['headers'][$name] ?? null;
            if (!is_string($value) || $value === '') {
                $issues[] = new ValidationIssue("headers.{$name}", 'required', 'is required (a header of this operation)');
            } else {
                $headers[$name] = $value;
            }
        }
        if ($issues !== []) {
            throw new RequestValidationException($operation, $issues);
        }
        if ($options->validateRequests) {
            // Validated with the hash slot reserved, as in TypeScript: a digest-shaped placeholder.
            $checked = $recipe === null ? $body : [...$body, 'hash' => str_repeat('0', self::digestLength($recipe, $options->signatureAlgorithm))];
            ['issues' => $found, 'warnings' => $warnings] = $this->validator->check($definition['requestSchema'], $checked, $definition['bodyStyle']);
            if ($found !== []) {
                throw new RequestValidationException($operation, $found);
            }
            if ($warnings !== []) {
                // A check the spec marks `x-warning` (no platform rule): reported, and the request is sent.
                $this->log(['type' => 'warning', 'operation' => $operation, 'warnings' => array_map(static fn (ValidationIssue $warning): array => $warning->toArray(), $warnings)]);
            }
        }
        if ($options->brandValues !== []) {
            $body = self::toWire($definition, $options->brandValues, $body);
        }
        if ($recipe !== null) {
            // Each operation's recipe (and variant) is compiled once per process, not read on every request.
            static $signers = [];
            $signer = $signers["{$operation}\n{$options->cardStatusSignature}"] ??= Signature::signer($recipe);
            $body['hash'] = $signer($signing === [] ? $body : [...$signing, ...$body], $options->password, $options->signatureAlgorithm);
        }
        return [$body, $signing, $headers];
    }

    /**
     * The body as it travels: each neutral method label (`brand`, the items of `methods`, the
     * keys of a method-keyed field such as Checkout `parameters`) replaced by the deployment's value.
     *
     * @param array<string, mixed> $definition
     * @param array<string, string> $brandValues
     * @param array<string, mixed> $body
     * @return array<string, mixed>
     */
    private static function toWire(array $definition, array $brandValues, array $body): array
    {
        $real = static fn (mixed $label): mixed => is_string($label) && isset($brandValues[$label]) ? $brandValues[$label] : $label;
        if (is_string($body['brand'] ?? null)) {
            $body['brand'] = $real($body['brand']);
        }
        if (is_array($body['methods'] ?? null) && array_is_list($body['methods'])) {
            $body['methods'] = array_map($real, $body['methods']);
        }
        foreach ($definition['methodKeyed'] as $field) {
            $keyed = $body[$field] ?? null;
            if ($keyed instanceof \stdClass) {
                $keyed = (array) $keyed;
            }
            if (is_array($keyed) && ($keyed === [] || !array_is_list($keyed))) {
                $renamed = [];
                foreach ($keyed as $label => $value) {
                    $renamed[(string) $real((string) $label)] = $value;
                }
                $body[$field] = $renamed;
            }
        }
        return $body;
    }

    /**
     * @param list<string> $fields
     * @param array<string, mixed> $input
     * @return list<ValidationIssue>
     */
    private static function signingIssues(array $fields, array $input): array
    {
        if ($fields === []) {
            return [];
        }
        $expected = implode(', ', $fields);
        $signing = $input['signing'] ?? null;
        if (!is_array($signing)) {
            return [new ValidationIssue('signing', 'required', "must give the original payment's {$expected}: the signature covers them (hashed, never sent)")];
        }
        $issues = [];
        foreach ($fields as $field) {
            if (!is_string($signing[$field] ?? null)) {
                $issues[] = new ValidationIssue("signing.{$field}", 'required', "must be the original payment's {$field} (a string; '' when it had none): the signature covers it");
            }
        }
        foreach (array_keys($signing) as $key) {
            if (!in_array((string) $key, $fields, true)) {
                $issues[] = new ValidationIssue("signing.{$key}", 'additionalProperties', "is not a value this signature covers (it takes {$expected})");
            }
        }
        return $issues;
    }

    private static function digestLength(array $recipe, string $algorithm): int
    {
        $last = $recipe['digests'][count($recipe['digests']) - 1];
        return $last === 'sha1' ? 40 : ($last === 'sha256' || $algorithm === 'sha256' ? 64 : 32);
    }

    /**
     * @param array<string, mixed> $definition
     * @param array<string, mixed> $body
     * @param callable(): list<string> $secretsOf
     * @return Response|list<Response>
     */
    private function sendOnce(string $operation, array $definition, HttpRequest $request, array $body, callable $secretsOf): Response|array
    {
        try {
            $response = $this->transport->send($request);
        } catch (TransportFailure $failure) {
            if ($failure->timedOut) {
                throw new TransportException($operation, TransportException::TIMEOUT, "{$operation} timed out after {$request->timeoutMs} ms");
            }
            throw new TransportException($operation, TransportException::CONNECTION, Sensitive::scrubText("{$operation} could not reach the platform: {$failure->getMessage()}", $secretsOf()), null, $failure->notSent);
        }
        InterfaceNotice::check($response->headers, $this->configuration->interfaceNotice, $this->configuration->baseUrl);
        $ok = $response->status >= 200 && $response->status < 300;
        if ($response->status >= 300 && $response->status < 400) {
            throw new TransportException($operation, TransportException::RESPONSE, "{$operation}: a redirect, which the client never follows", $response->status);
        }
        try {
            $parsed = json_decode($response->body, true, 512, JSON_THROW_ON_ERROR);
        } catch (\JsonException) {
            throw $ok
                ? new TransportException($operation, TransportException::RESPONSE, "{$operation}: a 2xx answer with a body that is not JSON", $response->status)
                : new TransportException($operation, TransportException::HTTP, "{$operation}: HTTP {$response->status} with a body that is not JSON", $response->status);
        }
        $record = is_array($parsed) && ($parsed === [] || !array_is_list($parsed)) ? $parsed : null;
        if ($record !== null && (($record['result'] ?? null) === 'ERROR' || (!$ok && is_string($record['error_message'] ?? null)))) {
            // Made only for an error answer: a success pays nothing for it.
            $scrub = static fn (string $text): string => Sensitive::scrubText($text, $secretsOf());
            $code = $record['error_code'] ?? null;
            throw new PlatformException(
                $operation,
                is_int($record['http_code'] ?? null) ? $record['http_code'] : $response->status,
                is_int($code) || is_string($code) ? $code : null,
                $scrub((string) ($record['error_message'] ?? 'Unknown error')),
                is_array($record['errors'] ?? null) ? array_values(array_map(static function (mixed $entry) use ($scrub): array {
                    $entry = is_array($entry) ? $entry : [];
                    $code = $entry['error_code'] ?? null;
                    return (is_int($code) || is_string($code) ? ['error_code' => $code] : []) + ['error_message' => $scrub((string) ($entry['error_message'] ?? ''))];
                }, $record['errors'])) : [],
            );
        }
        if (!$ok) {
            throw new TransportException($operation, TransportException::HTTP, "{$operation}: unexpected HTTP {$response->status}", $response->status);
        }
        $arrayWhen = $definition['arrayWhen'];
        if ($arrayWhen !== null && array_key_exists($arrayWhen['field'], $body)) {
            if (!is_array($parsed) || !array_is_list($parsed) || array_filter($parsed, static fn (mixed $item): bool => !is_array($item)) !== []) {
                throw new TransportException($operation, TransportException::RESPONSE, "{$operation}: the response is not a JSON array of objects", $response->status);
            }
            $class = $arrayWhen['item'];
            return array_map(static fn (array $item): Response => new $class($item), $parsed);
        }
        if ($record === null) {
            throw new TransportException($operation, TransportException::RESPONSE, "{$operation}: the response is not a JSON object", $response->status);
        }
        $class = $definition['response'] ?? Response::class;
        return new $class($record);
    }

    private function logged(string $operation, GatewayException $error): GatewayException
    {
        $this->log(['type' => 'error', 'operation' => $operation, 'error' => $error->toArray()]);
        return $error;
    }

    /** @param array<string, mixed> $event */
    private function log(array $event): void
    {
        $logger = $this->configuration->logger;
        if ($logger === null) {
            return;
        }
        try {
            $logger($event);
        } catch (\Throwable) {
            // A logger that throws must not turn a completed payment into an error: it would be sent again.
        }
    }
}
