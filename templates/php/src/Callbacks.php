<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient;

use PaymentGateway\MerchantClient\Callback\CallbackEvent;
use PaymentGateway\MerchantClient\Exception\ConfigurationException;
use PaymentGateway\MerchantClient\Exception\FormCodecException;
use PaymentGateway\MerchantClient\Exception\SignatureException;
use PaymentGateway\MerchantClient\Generated\Webhooks;
use PaymentGateway\MerchantClient\Validation\Validator;

/**
 * Callback verification, the PHP side of templates/runtime/callbacks.ts: the raw form body in,
 * a verified and typed event out (decode → hash → compare → validate). Whatever the body holds,
 * the only failure is a SignatureException: the sender is not authenticated yet.
 */
final class Callbacks
{
    private readonly Validator $validator;

    public function __construct(#[\SensitiveParameter] private readonly string $password, private readonly string $algorithm = 'md5', ?Validator $validator = null)
    {
        if (trim($password) === '') {
            throw new ConfigurationException('parseCallback', 'password must be the merchant password (a non-empty string)');
        }
        if ($algorithm !== 'md5' && $algorithm !== 'sha256') {
            throw new ConfigurationException('parseCallback', "algorithm must be 'md5' or 'sha256'");
        }
        $this->validator = $validator ?? Validator::default();
    }

    /**
     * Verifies a callback from its raw body: `file_get_contents('php://input')`, or a PSR-7
     * request's `(string) $request->getBody()`. Never `$_POST`: PHP's parsing has renamed and
     * dropped what the signature covers.
     *
     * @param array<string, mixed> $signingContext values the signature covers that the callback
     *        does not carry, from the merchant's own order, by the names its request used
     *        (`['payer_email' => ..., 'card_number' => ...]`, `['order' => ['amount' => ...]]`)
     * @param 'checkout'|'card'|'apm'|null $protocol which protocol this endpoint receives; null tries each
     * @throws SignatureException
     */
    public function parse(string $rawBody, array $signingContext = [], ?string $protocol = null): CallbackEvent
    {
        return $this->verify('callback', $rawBody, $signingContext, static fn (array $fields): array => array_filter(
            Webhooks::WEBHOOKS,
            static function (array $webhook) use ($fields, $protocol): bool {
                if ($webhook['kind'] !== 'callback') {
                    return false;
                }
                if ($protocol !== null) {
                    return $webhook['protocol'] === $protocol;
                }
                foreach ($webhook['required'] as $name) {
                    if (!array_key_exists($name, $fields)) {
                        return false;
                    }
                }
                return true;
            },
        ), 'The callback carries no hash: it is not signed and is rejected.', static fn (string $tried): string => "The callback's hash does not match (tried {$tried}): it was altered, or signed with another password or algorithm, or needs signingContext.");
    }

    /**
     * Verifies the payer's return to success_url / cancel_url (`$_SERVER['QUERY_STRING']`).
     * Values the signature covers that the query lacks (the order's amount, currency,
     * description) come from $signingContext, exactly as sent in the session.
     *
     * @param array<string, mixed> $signingContext
     */
    public function verifyReturn(string $query, array $signingContext = [], ?string $webhook = null): CallbackEvent
    {
        // The spec's one signed return query, unless named.
        $webhook ??= (string) array_key_first(array_filter(Webhooks::WEBHOOKS, static fn (array $entry): bool => $entry['kind'] === 'return-query'));
        $definition = Webhooks::WEBHOOKS[$webhook] ?? throw new ConfigurationException('verifyReturn', "no signed return query named {$webhook}");
        return $this->verify($webhook, ltrim($query, '?'), $signingContext, static fn (): array => [$webhook => $definition], 'The return query carries no hash.', static fn (): string => "The return query's hash does not match: it was altered, or signingContext differs from the session's order.");
    }

    /**
     * A correctly signed callback body, for merchants' own tests.
     *
     * @param array<string, mixed> $fields
     * @param array<string, mixed> $signingContext
     */
    public function buildTestCallback(string $webhook, array $fields, array $signingContext = []): string
    {
        $definition = Webhooks::WEBHOOKS[$webhook] ?? throw new ConfigurationException('buildTestCallback', "no webhook named {$webhook}");
        unset($fields['hash']);
        $hash = Signature::compute($definition['signature'], [...self::contextValues($definition, $signingContext), ...$fields], $this->password, $this->algorithm);
        return FormCodec::encode([...$fields, 'hash' => $hash]);
    }

    /**
     * @param callable(array<string, mixed>): array<string, array<string, mixed>> $candidatesFor
     * @param array<string, mixed> $signingContext
     * @param callable(string): string $mismatch
     */
    private function verify(string $where, string $body, array $signingContext, callable $candidatesFor, string $unsigned, callable $mismatch): CallbackEvent
    {
        try {
            $fields = FormCodec::decode($body);
        } catch (FormCodecException $error) {
            throw new SignatureException($where, "The body cannot be read as a form: {$error->getMessage()}.");
        }
        $received = $fields['hash'] ?? null;
        if (!is_string($received) || $received === '') {
            throw new SignatureException($where, $unsigned);
        }
        $candidates = $candidatesFor($fields);
        foreach ($candidates as $name => $definition) {
            $signed = [...self::contextValues($definition, $signingContext), ...$fields];
            $expected = Signature::compute($definition['signature'], $signed, $this->password, $this->algorithm);
            if (!Signature::matches($received, $expected)) {
                continue;
            }
            $covered = array_values(array_filter(
                Signature::coveredFields($definition['signature'], $fields),
                static fn (string $field): bool => $field !== 'hash' && array_key_exists($field, $fields),
            ));
            $signedFields = [];
            $unsignedFields = [];
            foreach ($fields as $key => $value) {
                if (in_array((string) $key, $covered, true)) {
                    $signedFields[$key] = $value;
                } elseif ($key !== 'hash') {
                    $unsignedFields[$key] = $value;
                }
            }
            $class = $definition['event'];
            return new $class(
                $definition['protocol'],
                (string) $name,
                $fields,
                $signedFields,
                $unsignedFields,
                $covered,
                $this->validator->validate($definition['schema'], $fields, 'form'),
            );
        }
        throw new SignatureException($where, $mismatch(implode(', ', array_keys($candidates)) ?: 'no callback type') . self::missingContext($candidates, $fields, $signingContext));
    }

    /**
     * The signing context by the recipe's field names: the request's names (`card_number`,
     * `order.amount`) mapped through the webhook's `context`, recipe names kept.
     *
     * @param array<string, mixed> $definition
     * @param array<string, mixed> $context
     * @return array<string, mixed>
     */
    private static function contextValues(array $definition, array $context): array
    {
        $values = [];
        foreach ($context as $key => $value) {
            if (!is_array($value) && !is_object($value)) {
                $values[$key] = $value;
            }
        }
        foreach ($definition['context'] as $field => $name) {
            $value = array_key_exists($field, $context) ? $context[$field] : Signature::readPath($context, $name);
            if ($value !== null && !is_array($value) && !is_object($value)) {
                $values[$field] = $value;
            }
        }
        return $values;
    }

    /**
     * @param array<string, array<string, mixed>> $candidates
     * @param array<string, mixed> $fields
     * @param array<string, mixed> $context
     */
    private static function missingContext(array $candidates, array $fields, array $context): string
    {
        $missing = [];
        foreach ($candidates as $definition) {
            $signed = [...self::contextValues($definition, $context), ...$fields];
            foreach (Signature::emptyRecipeFields($definition['signature'], $signed) as $field) {
                if (isset($definition['context'][$field])) {
                    $missing[$definition['context'][$field]] = true;
                }
            }
        }
        if ($missing === []) {
            return '';
        }
        $keys = array_map('strval', array_keys($missing));
        $tops = array_unique(array_map(static fn (string $key): string => explode('.', $key)[0], $keys));
        return sprintf(' The signature covers values this body does not carry and signingContext did not give: %s (pass them from your order: signingContext: [%s]).', implode(', ', $keys), implode(', ', $tops));
    }
}
